package boozebarons

import (
	"slices"

	"github.com/moonshine-games/moonshine/engine"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/boozebarons/v1"
)

// State is the folded state of one game. Apply is its only mutator.
type State struct {
	players   int
	opts      *pb.Options
	mobs      []pb.Mob
	seats     []seatState
	deck      []int32            // Delivery deck, top first
	at        [docks + 1][]int32 // face-up cards waiting at each Location, by Location
	round     int
	phase     pb.Phase
	baron     int
	nextBaron int                        // seat chosen at the Docks (side B), -1 for none
	turn      int                        // seat whose action turn it is, -1 outside the Action Phase
	moves     engine.Sealed[pb.Location] // the Move Phase's sealed Movement cards
	pend      pending
	snitches  int // Snitch tokens taken so far
	exposures int // number of exposure moments so far (for the last tie-breaker)
	result    *pb.GameEnded
}

// seatState is one seat.
type seatState struct {
	booze     pb.BoozeType
	exposed   bool
	exposedAt int // exposure moment (1-based), 0 while Unexposed
	location  pb.Location
	hand      [docks + 1]bool // Movement cards in hand, by Location
	played    pb.Location     // Movement card face-up on the table
	faceUp    []int32         // Delivery cards acquired this round
	faceDown  []int32
	collected []collectedCard // Movement cards taken from others by Expose
	boxed     []pb.Location   // own Movement cards put back in the box
	snitches  int
	acted     bool
	// resigned is set once the seat conceded (resign.go).
	resigned bool
}

// collectedCard is a Movement card taken from another seat.
type collectedCard struct {
	from int
	loc  pb.Location
}

// pending is a multi-step action under way in the Action Phase.
type pending struct {
	kind   pb.PendingKind
	actor  int
	target int
	steals int
	casino []int32
}

// newState returns the empty state the opening events fold into.
func newState() *State { return &State{nextBaron: -1, turn: -1} }

var (
	_ engine.State                  = (*State)(nil)
	_ engine.Decidable[*pb.Command] = (*State)(nil)
)

// Clone returns a deep copy ([engine.State]), for a decision to apply its
// own events to.
func (s *State) Clone() engine.State { return s.clone() }

// clone returns a deep copy.
func (s *State) clone() *State {
	c := *s
	c.moves = s.moves.Clone()
	c.mobs = slices.Clone(s.mobs)
	c.deck = slices.Clone(s.deck)
	for i := range c.at {
		c.at[i] = slices.Clone(s.at[i])
	}
	c.seats = make([]seatState, len(s.seats))
	for i, p := range s.seats {
		p.faceUp = slices.Clone(p.faceUp)
		p.faceDown = slices.Clone(p.faceDown)
		p.collected = slices.Clone(p.collected)
		p.boxed = slices.Clone(p.boxed)
		c.seats[i] = p
	}
	c.pend.casino = slices.Clone(s.pend.casino)
	return &c
}

// PlayerCount returns the number of seats (0 before setup).
func (s *State) PlayerCount() int { return s.players }

// movements returns the Move Phase's sealed choices.
func (s *State) movements() *engine.Sealed[pb.Location] { return &s.moves }

// left returns the seat to the left of seat i (clockwise).
func (s *State) left(i int) int { return (i + 1) % s.players }

// right returns the seat to the right of seat i.
func (s *State) right(i int) int { return (i + s.players - 1) % s.players }

// holdings returns the number of Delivery cards seat i holds.
func (s *State) holdings(i int) int { return len(s.seats[i].faceUp) + len(s.seats[i].faceDown) }

// unexposed returns the Unexposed seats in seat order.
func (s *State) unexposed() []int {
	var out []int
	for i, p := range s.seats {
		if !p.exposed {
			out = append(out, i)
		}
	}
	return out
}

// actor returns the seat the Action Phase waits for, or -1.
func (s *State) actor() int {
	if s.phase != pb.Phase_PHASE_ACTION {
		return -1
	}
	if s.pend.kind == pb.PendingKind_PENDING_KIND_DOCKS {
		return s.pend.target
	}
	return s.turn
}

// movementLost reports whether seat i's Movement card for l is gone for good
// (taken by an Expose or put back in the box).
func (s *State) movementLost(i int, l pb.Location) bool {
	if slices.Contains(s.seats[i].boxed, l) {
		return true
	}
	for _, p := range s.seats {
		if slices.Contains(p.collected, collectedCard{from: i, loc: l}) {
			return true
		}
	}
	return false
}

// Outcome returns the result once the game is over.
func (s *State) Outcome() *engine.Outcome {
	if s.result == nil {
		return nil
	}
	return outcomeOf(s.result, s.players)
}

// removeID removes id from list, reporting whether it was there.
func removeID(list []int32, id int32) ([]int32, bool) {
	i := slices.Index(list, id)
	if i < 0 {
		return list, false
	}
	return slices.Delete(list, i, i+1), true
}

// sortedIDs returns a sorted copy.
func sortedIDs(ids []int32) []int32 {
	out := slices.Clone(ids)
	slices.Sort(out)
	return out
}
