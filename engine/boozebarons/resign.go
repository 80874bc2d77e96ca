package boozebarons

import (
	"slices"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/boozebarons/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/boozebarons/v1"
)

// ReasonResigned refuses a command of a seat that has resigned.
const ReasonResigned = "RESIGNED"

// resign concedes for seat (house ruling): an Unexposed Bootlegger is
// Exposed as the empty deck exposes the poorest ("is automatically Exposed
// and must place their Movement card corresponding with their current
// Location back in the box"), so that the printed end ("When there are
// fewer than two Unexposed players at the end of a round, the game ends")
// counts it out. Its cards keep counting for its Mob.
func (b decision) resign(seat int) {
	p := b.State().seats[seat]
	ev := &pb.Resigned{Seat: int32(seat)}
	if !p.exposed {
		ev.BoozeType, ev.MovementCard = p.booze, p.played
	}
	b.Emit(pub(ev))
}

// applyResigned marks the seat resigned and, when it was Unexposed,
// exposes it and boxes its face-up Movement card.
func (s *State) applyResigned(x *pb.Resigned) error {
	return s.withSeat(x.Seat, func(p *seatState) error {
		if p.resigned {
			return corrupt("seat %d resigned twice", x.Seat)
		}
		p.resigned = true
		if x.BoozeType == pb.BoozeType_BOOZE_TYPE_UNSPECIFIED {
			return nil
		}
		if p.exposed || p.booze != x.BoozeType || p.played != x.MovementCard {
			return corrupt("seat %d cannot be exposed by resigning", x.Seat)
		}
		s.exposures++
		p.exposed, p.exposedAt = true, s.exposures
		if p.played != 0 {
			p.boxed = append(p.boxed, p.played)
			p.played = 0
		}
		return nil
	})
}

// standIn plays for the resigned seats whenever the game waits for one
// (house ruling): it seals the first Location it may visit, declines what
// it is offered and passes. Once every seat left is of one Mob, the game
// ends at once with the printed scoring: no rival Mob is left to play.
func (b decision) standIn() {
	for range maxStandIns {
		s := b.State()
		if s.result != nil {
			return
		}
		if s.oneMobLeft() {
			b.Emit(pub(finalScores(s)))
			return
		}
		seat, c := s.standInMove()
		if c == nil {
			return
		}
		b.run(seat, c)
	}
}

// maxStandIns bounds the stand-in moves of one decision: a round has two
// per seat.
const maxStandIns = 64

// standInMove returns a resigned seat the game waits for and its default,
// or nil: in the Move Phase the first Location it may visit, in the Action
// Phase a pass, a decline or an empty collection at the Docks.
func (s *State) standInMove() (int, *pb.Command) {
	var cands []*pb.Command
	switch s.phase {
	case pb.Phase_PHASE_MOVE:
		for _, seat := range s.moves.Waiting() {
			if !s.seats[seat].resigned {
				continue
			}
			for _, l := range printed.Locations {
				if c := Cmd(&pb.ChooseMovement{Location: l}); s.accepts(int(seat), c) {
					return int(seat), c
				}
			}
		}
		return 0, nil
	case pb.Phase_PHASE_ACTION:
		cands = []*pb.Command{Cmd(&pb.Pass{}), Cmd(&pb.Decline{}), Cmd(&pb.DocksCollect{})}
	}
	a := s.actor()
	if a < 0 || !s.seats[a].resigned {
		return 0, nil
	}
	for _, c := range cands {
		if s.accepts(a, c) {
			return a, c
		}
	}
	return 0, nil
}

// accepts runs the step's checks of a stand-in command.
func (s *State) accepts(seat int, c *pb.Command) bool {
	return s.awaits(engine.Seat(seat), c) == nil && s.check(seat, c) == nil
}

// oneMobLeft reports whether every seat that has not resigned is of one
// Mob (or none is left).
func (s *State) oneMobLeft() bool {
	var mobs []pb.Mob
	for _, p := range s.seats {
		if m := printed.MobOf(p.booze); !p.resigned && !slices.Contains(mobs, m) {
			mobs = append(mobs, m)
		}
	}
	return len(mobs) < 2
}

// refuseResigned refuses every command of a resigned seat.
func (s *State) refuseResigned(seat engine.Seat) *engine.RuleError {
	if s.players > 0 && int(seat) >= 0 && int(seat) < s.players && s.seats[seat].resigned {
		return engine.Refuse(ReasonResigned, "%v has resigned", seat)
	}
	return nil
}
