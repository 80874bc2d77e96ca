package bootleggers

import (
	"google.golang.org/protobuf/proto"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/search"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
)

var _ search.Passer = SearchGame{}

// PassedPlayout is WeighedPlayout once passed has let its prompts that
// need not be answered pass: the others' out-of-turn plays, else the
// first that must act.
func (g SearchGame) PassedPlayout(st engine.State, passed engine.Seat, r *engine.Rand) (engine.Seat, proto.Message, int) {
	return g.playout(st.(*State), int(passed), r)
}

// playout is a playout's next command as a table that offers every prompt
// plays it: each prompt that need not be answered (a Casino card out of
// turn, an answer to an offer, O'Malley's cut), of a seat other than
// passed, is offered to the policy first, in the rules' order, and the
// first it plays is the step; else the first prompt that must act is
// answered. The policy's out-of-turn plays are what the other Mobsters
// do at such a table (they rent a truck offered them, cut O'Malley's,
// play a Casino card in another's turn), and what the seat's own offers
// and held cards are worth there.
func (g SearchGame) playout(s *State, passed int, r *engine.Rand) (engine.Seat, proto.Message, int) {
	weighed := 0
	if g.Policy != nil {
		for _, q := range s.outOfTurn(passed) {
			weighed += len(q.Legal)
			if c := g.Policy.Choose(s.View(engine.SeatViewer(q.Seat)), q, r); c != nil {
				return q.Seat, c, weighed
			}
		}
	}
	p, ok := s.firstPrompt()
	if !ok {
		return 0, nil, weighed
	}
	weighed += len(p.Legal)
	if g.Policy == nil {
		return p.Seat, nil, weighed
	}
	return p.Seat, g.Policy.Choose(s.View(engine.SeatViewer(p.Seat)), p, r), weighed
}

// outOfTurn are the prompts that need not be answered of the seats other
// than passed (noSeat: of every seat) in a turn of Phase 2 or 4 that list
// a command: the rules' own (casinoCardPrompts, tradePrompt), without
// templates (a trade offer out of turn is never the policy's).
func (s *State) outOfTurn(passed int) []engine.Prompt {
	if s.players == 0 || s.result != nil || s.step != pb.Step_STEP_TURNS {
		return nil
	}
	on := s.current()
	var ps []engine.Prompt
	switch {
	case on == noSeat:
		return nil
	case s.phase == sendIn:
		ps = s.casinoCardPrompts(on)
	case s.phase == runIt:
		for i := range s.players {
			if i != on {
				ps = append(ps, s.tradePrompt(i))
			}
		}
	}
	var out []engine.Prompt
	for _, q := range ps {
		if int(q.Seat) != passed && len(q.Legal) > 0 {
			out = append(out, q)
		}
	}
	return out
}
