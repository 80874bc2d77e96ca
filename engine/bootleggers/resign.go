package bootleggers

import (
	"cmp"
	"slices"

	"github.com/moonshine-games/moonshine/engine"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
)

// ReasonResigned refuses a command of a Mobster that has resigned, or a
// trade offered to one.
const ReasonResigned = "RESIGNED"

// resign concedes for seat (house ruling, docs/rules/bootleggers.md): its
// pieces and money stay where they are, its trade offers lapse, and the
// game plays its turns from now on (standIn).
func (s *State) resign(seat int) (func(decision), *engine.RuleError) {
	ev := &pb.Resigned{Seat: int32(seat)}
	for _, t := range s.trades {
		if t.from == seat || t.to == seat {
			ev.Lapsed = append(ev.Lapsed, int32(t.id))
		}
	}
	return func(b decision) { b.emit(ev) }, nil
}

// applyResigned marks the seat resigned and withdraws its lapsed offers.
func (s *State) applyResigned(x *pb.Resigned) error {
	if x.Seat < 0 || int(x.Seat) >= s.players || s.seats[x.Seat].resigned {
		return corrupt("seat %d cannot resign", x.Seat)
	}
	s.seats[x.Seat].resigned = true
	for _, id := range x.Lapsed {
		if _, err := s.removeTrade(int(id)); err != nil {
			return err
		}
	}
	return nil
}

// refuseResigned refuses every command of a resigned Mobster, and a trade
// offered to one.
func (s *State) refuseResigned(seat engine.Seat, c *pb.Command) *engine.RuleError {
	if int(seat) >= 0 && int(seat) < s.players && s.seats[seat].resigned {
		return engine.Refuse(ReasonResigned, "%v has resigned", seat)
	}
	if to := c.GetProposeTrade().GetTo(); c.GetProposeTrade() != nil && to >= 0 && int(to) < s.players && s.seats[to].resigned {
		return engine.Refuse(ReasonResigned, "%v has resigned", engine.Seat(to))
	}
	return nil
}

// maxStandIns bounds the stand-in turns of one decision: a round has a
// few per seat.
const maxStandIns = 64

// standIn plays for the resigned Mobsters whenever the game waits for one
// (house ruling), and ends the game when one Mobster is left standing.
func (b decision) standIn() {
	for range maxStandIns {
		s := b.State()
		if s.result != nil {
			return
		}
		if s.lastStanding() {
			b.emit(s.gameEnded(pb.EndReason_END_REASON_RESIGNED))
			return
		}
		seat, c := s.standInMove()
		if c == nil || playOne(b.Decision, engine.Seat(seat), c) != nil {
			return
		}
	}
}

// standInMove returns a resigned seat the game waits for and its default:
// the lowest Muscle card, the pass, no boys, Play it Cool where the
// options allow it, no run, the order as the trucks stand.
func (s *State) standInMove() (int, *pb.Command) {
	var seat int
	var cands []*pb.Command
	switch {
	case s.step == pb.Step_STEP_BIDDING:
		for _, w := range s.bids.Waiting() {
			if p := s.seats[w]; p.resigned && len(p.hand) > 0 {
				return int(w), Cmd(&pb.ChooseMuscle{Card: int32(slices.Min(p.hand))})
			}
		}
		return 0, nil
	case s.step == pb.Step_STEP_CALL_THE_ORDER && s.call != nil:
		seat, cands = s.call.seat, []*pb.Command{Cmd(&pb.CallTheOrder{Place: s.call.place, Trucks: int32s(s.call.trucks)})}
	default:
		seat = s.current()
		cands = []*pb.Command{Cmd(&pb.PassSelection{}), Cmd(&pb.SendInTheBoys{}), Cmd(&pb.FireUpTheStill{PlayItCool: true}),
			Cmd(&pb.FireUpTheStill{}), Cmd(&pb.RunTheWhiskey{})}
	}
	if seat == noSeat || !s.seats[seat].resigned {
		return 0, nil
	}
	for _, c := range cands {
		if s.awaits(engine.Seat(seat), c) == nil && playOne(engine.NewCheck(s), engine.Seat(seat), c) == nil {
			return seat, c
		}
	}
	return 0, nil
}

// lastStanding reports whether one Mobster alone has not resigned.
func (s *State) lastStanding() bool {
	n := 0
	for _, p := range s.seats {
		if !p.resigned {
			n++
		}
	}
	return n == 1
}

// byStanding orders seats for the standings: every Mobster still playing
// before every one that resigned, then as printed (by money, ties to the
// higher Muscle card of the last round).
func (s *State) byStanding(a, b int) int {
	if c := cmp.Compare(boolInt(s.seats[a].resigned), boolInt(s.seats[b].resigned)); c != 0 {
		return c
	}
	if c := cmp.Compare(s.seats[b].money, s.seats[a].money); c != 0 {
		return c
	}
	return cmp.Compare(s.seats[b].muscle, s.seats[a].muscle)
}

func boolInt(v bool) int {
	if v {
		return 1
	}
	return 0
}
