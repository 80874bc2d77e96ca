package boozebarons

import (
	"fmt"
	"slices"

	"google.golang.org/protobuf/proto"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/boozebarons/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/boozebarons/v1"
)

// Prompt reasons (engine.Prompt.Reason).
const (
	PromptChooseMovement = "choose-movement"
	PromptActionTurn     = "action-turn"
	PromptTailChoice     = "tail-choice"
	PromptSeedyPetes     = "seedy-petes-steal"
	PromptCasinoKeep     = "casino-keep"
	PromptDocksCollect   = "docks-collect"
)

// Prompts returns who must act now. In the Move Phase every seat that has
// not sealed a card (who still has to choose is public); in the Action Phase
// the one seat whose turn it is, or the seat chosen at the Docks. Legal lists
// every command the seat may send, found with the same checks Decide runs.
func (s *State) Prompts() []engine.Prompt {
	if s.players == 0 || s.result != nil {
		return nil
	}
	switch s.phase {
	case pb.Phase_PHASE_MOVE:
		var out []engine.Prompt
		for _, seat := range s.moves.Waiting() {
			out = append(out, engine.Prompt{Seat: seat, MustAct: true, Reason: PromptChooseMovement,
				Detail: "seal a Movement card for the Location to visit this round", Legal: s.legal(int(seat))})
		}
		return out
	case pb.Phase_PHASE_ACTION:
		a := s.actor()
		if a < 0 {
			return nil // between the last turn and the end of the round
		}
		reason, detail := s.actionReason()
		return []engine.Prompt{{Seat: engine.Seat(a), MustAct: true, Reason: reason, Detail: detail, Legal: s.legal(a)}}
	}
	return nil
}

func (s *State) actionReason() (string, string) {
	switch s.pend.kind {
	case pb.PendingKind_PENDING_KIND_TAIL:
		return PromptTailChoice, fmt.Sprintf("Steal from or Expose %v (Tailed)", engine.Seat(s.pend.target))
	case pb.PendingKind_PENDING_KIND_SEEDY_PETES:
		return PromptSeedyPetes, fmt.Sprintf("steal from %v at Seedy Pete's", engine.Seat(s.pend.target))
	case pb.PendingKind_PENDING_KIND_CASINO:
		return PromptCasinoKeep, "choose which revealed cards to keep"
	case pb.PendingKind_PENDING_KIND_DOCKS:
		return PromptDocksCollect, fmt.Sprintf("collect up to 2 cards from %v, chosen at the Docks", engine.Seat(s.pend.target))
	}
	return PromptActionTurn, "take an action"
}

// legal lists the candidates for seat that Decide accepts, found by the
// kit's checks: the precheck and the rule, without building events.
func (s *State) legal(seat int) []proto.Message {
	return decider.Legal(s, engine.Seat(seat), s.candidates(seat))
}

// candidates lists every command that could make sense for seat now: a
// superset of the legal ones.
func (s *State) candidates(seat int) []*pb.Command {
	if s.phase == pb.Phase_PHASE_MOVE {
		var out []*pb.Command
		for _, l := range printed.Locations {
			out = append(out, Cmd(&pb.ChooseMovement{Location: l}))
		}
		return out
	}
	switch s.pend.kind {
	case pb.PendingKind_PENDING_KIND_UNSPECIFIED:
		return s.turnCandidates(seat)
	case pb.PendingKind_PENDING_KIND_TAIL, pb.PendingKind_PENDING_KIND_SEEDY_PETES:
		out := []*pb.Command{Cmd(&pb.Decline{})}
		for _, id := range sortedIDs(s.seats[s.pend.target].faceDown) {
			out = append(out, Cmd(&pb.Steal{CardId: id}))
		}
		for _, t := range printed.BoozeTypes {
			out = append(out, Cmd(&pb.Expose{Guess: t}))
		}
		return out
	case pb.PendingKind_PENDING_KIND_CASINO:
		return subsets(s.pend.casino, printed.CasinoReveal, func(ids []int32) *pb.Command { return Cmd(&pb.CasinoKeep{CardIds: ids}) })
	case pb.PendingKind_PENDING_KIND_DOCKS:
		var here []int32
		for _, l := range printed.Locations {
			for _, id := range s.at[l] {
				if printed.Deck[id].Shows(s.seats[seat].booze) {
					here = append(here, id)
				}
			}
		}
		return subsets(sortedIDs(here), printed.DocksCollectMax, func(ids []int32) *pb.Command { return Cmd(&pb.DocksCollect{CardIds: ids}) })
	}
	return nil
}

func (s *State) turnCandidates(seat int) []*pb.Command {
	var out []*pb.Command
	for _, id := range sortedIDs(s.at[s.seats[seat].location]) {
		out = append(out, Cmd(&pb.Deliver{CardId: id}))
	}
	for t := range s.players {
		out = append(out, Cmd(&pb.Tail{Target: int32(t)}))
	}
	out = append(out, Cmd(&pb.TriggerEvent{}))
	for t := range s.players {
		out = append(out, Cmd(&pb.TriggerEvent{Target: proto.Int32(int32(t))}))
	}
	return append(out, Cmd(&pb.Pass{}))
}

// subsets lists the subsets of ids (sorted, in order) of at most max cards.
func subsets(ids []int32, max int, mk func([]int32) *pb.Command) []*pb.Command {
	var out []*pb.Command
	for mask := 0; mask < 1<<len(ids); mask++ {
		var sub []int32
		for i, id := range ids {
			if mask&(1<<i) != 0 {
				sub = append(sub, id)
			}
		}
		if len(sub) <= max {
			out = append(out, mk(slices.Clone(sub)))
		}
	}
	return out
}

// Cmd wraps a command kind (*pb.Deliver, *pb.Tail, ...) into a pb.Command.
// It panics for a message that is not a command kind.
func Cmd(kind proto.Message) *pb.Command { return commands.Wrap(kind) }
