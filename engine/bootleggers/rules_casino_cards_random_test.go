package bootleggers

import (
	"math/rand/v2"
	"testing"

	"google.golang.org/protobuf/proto"

	"github.com/moonshine-games/moonshine/engine/bootleggers/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
)

// keptKinds are the Casino cards that are kept, in deck order.
func keptKinds() []pb.CasinoCardKind {
	var out []pb.CasinoCardKind
	for _, c := range printed.Boardwalk.CasinoCards {
		if c.Keep {
			out = append(out, c.Kind)
		}
	}
	return out
}

func TestCasinoCardsConserveCashAndCrates(t *testing.T) {
	// Cash conserved: every G a Casino card moves comes from or goes to the
	// bank as its ruling says, and every crate Apple Pie! adds is counted
	// (rulings 87-99). Seeded games from twoCasinos deal every kept Casino
	// card to random seats each round and play random legal commands of
	// the prompts, waited for or not, for three rounds, the watcher
	// recomputing every payment and crate after each event.
	played := map[pb.CasinoCardKind]int{}
	for seed := range uint64(12) {
		tb := twoCasinos(t)
		r := rand.New(rand.NewPCG(seed, 14))
		for tb.st().round <= 4 && tb.st().result == nil {
			if s := tb.st(); s.phase == muscle && s.step == pb.Step_STEP_BIDDING {
				for _, k := range keptKinds() {
					if !holds(s, k) {
						tb.keepCasino(r.IntN(4), k)
					}
				}
			}
			seat, cmd := randomLegal(tb.st(), r)
			if cmd == nil {
				t.Fatalf("seed %d: nobody may act in %v %v", seed, tb.st().phase, tb.st().step)
			}
			for _, e := range tb.do(seat, cmd) {
				if p := e.GetCasinoCardPlayed(); p != nil {
					played[p.GetKind()]++
				}
			}
		}
	}
	t.Log(played)
	for _, k := range keptKinds() {
		if played[k] == 0 {
			t.Errorf("no game played %v", k)
		}
	}
}

// holds reports whether a seat keeps the Casino card of kind k.
func holds(s *State, k pb.CasinoCardKind) bool {
	for _, p := range s.seats {
		for _, id := range p.keptCasino {
			if printed.CasinoDeck(s.opts)[id] == k {
				return true
			}
		}
	}
	return false
}

// randomLegal picks a command from the prompts: a Casino card or a cut
// offered out of turn half the time there is one, else one of a prompt
// that must be acted on.
func randomLegal(s *State, r *rand.Rand) (int, proto.Message) {
	type choice struct {
		seat int
		cmd  proto.Message
	}
	var must, may []choice
	for _, p := range s.Prompts() {
		for _, c := range p.Legal {
			if p.MustAct {
				must = append(must, choice{int(p.Seat), c})
			} else if k := c.(*pb.Command).GetKind(); k != nil {
				switch k.(type) {
				case *pb.Command_PlayCasinoCard, *pb.Command_CutOmalleys:
					may = append(may, choice{int(p.Seat), c})
				}
			}
		}
	}
	pick := must
	if len(may) > 0 && (len(must) == 0 || r.IntN(2) == 0) {
		pick = may
	}
	if len(pick) == 0 {
		return noSeat, nil
	}
	c := pick[r.IntN(len(pick))]
	return c.seat, commands.Unwrap(c.cmd.(*pb.Command))
}
