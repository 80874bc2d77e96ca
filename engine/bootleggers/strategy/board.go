package strategy

import (
	"github.com/moonshine-games/moonshine/engine/bootleggers/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
)

// board reads one seat's view.
type board struct {
	v     *pb.View
	me    int
	my    *pb.SeatView
	two   bool
	round int
	// owner is true once the seat is redeveloping a speakeasy this turn:
	// it counts as a casino owner before the view says so.
	owner bool
}

func newBoard(v *pb.View) *board {
	me := int(v.GetViewerSeat())
	return &board{v: v, me: me, my: v.GetSeats()[me], two: printed.TwoPlayer(v.GetOptions()), round: int(v.GetRound())}
}

// roundsLeft counts this round and those after it.
func (b *board) roundsLeft() int { return printed.Rounds - b.round + 1 }

// place returns the view of drinking place p.
func (b *board) place(p pb.DrinkingPlace) *pb.PlaceView {
	for _, pv := range b.v.GetPlaces() {
		if pv.GetPlace() == p {
			return pv
		}
	}
	return &pb.PlaceView{}
}

// speakeasies lists the speakeasies in play.
func (b *board) speakeasies() []*pb.PlaceView {
	var out []*pb.PlaceView
	for _, pv := range b.v.GetPlaces() {
		if pv.GetInPlay() && pv.GetKind() == pb.PlaceKind_PLACE_KIND_SPEAKEASY {
			out = append(out, pv)
		}
	}
	return out
}

// markers counts seat's markers at pv (seat -1: the neutral colour).
func markers(pv *pb.PlaceView, seat int) int {
	for _, c := range pv.GetMarkers() {
		if seat < 0 && c.GetColour().GetNeutral() || seat >= 0 && !c.GetColour().GetNeutral() && int(c.GetColour().GetSeat()) == seat {
			return int(c.GetMarkers())
		}
	}
	return 0
}

// isSeat reports whether colour c is seat's.
func isSeat(c *pb.Colour, seat int) bool {
	return c != nil && !c.GetNeutral() && c.Who != nil && int(c.GetSeat()) == seat
}

// expectedDemand is pv's expected consumption this round: its dice (a Big
// Night's too), each 3.5 plus its improvements; in the 2-player variant the
// lowest die dropped except at Texas Lil's.
func (b *board) expectedDemand(pv *pb.PlaceView) float64 {
	if !pv.GetOpen() {
		return 0
	}
	if c := pv.GetConsumption(); c != nil {
		return float64(c.GetConsumption())
	}
	n := int(pv.GetDice())
	if pv.GetBigNight() {
		n++
	}
	kept := float64(n)
	sum := 3.5 * kept
	if b.two && pv.GetPlace() != pb.DrinkingPlace_DRINKING_PLACE_TEXAS_LILS && n > 1 {
		sum -= lowestOf(n)
		kept--
	}
	return sum + kept*float64(pv.GetImprovements()+pv.GetEntertainmentActs())
}

// lowestOf is the expected lowest face of n dice.
func lowestOf(n int) float64 {
	e := 0.0
	for k := 1; k <= 6; k++ {
		p := 1.0
		for range n {
			p *= float64(7-k) / 6
		}
		e += p
	}
	return e
}

// demandIfOpen is pv's expected demand as if it were open.
func (b *board) demandIfOpen(pv *pb.PlaceView) float64 {
	x := &pb.PlaceView{Place: pv.GetPlace(), Open: true, Dice: pv.GetDice(), Improvements: pv.GetImprovements(),
		EntertainmentActs: pv.GetEntertainmentActs(), BigNight: pv.GetBigNight()}
	return b.expectedDemand(x)
}

// production is the seat's expected crates a round (3.5 a die).
func production(sv *pb.SeatView) float64 {
	n := 0
	for _, st := range sv.GetStills() {
		n += int(st.GetDice())
	}
	return 3.5 * float64(n)
}

// dice counts the seat's dice.
func dice(sv *pb.SeatView) int {
	n := 0
	for _, st := range sv.GetStills() {
		n += int(st.GetDice())
	}
	return n
}

// truck returns the view of truck id (nil when not in play).
func (b *board) truck(id int32) *pb.TruckView {
	for _, t := range b.v.GetTrucks() {
		if t.GetTruck() == id {
			return t
		}
	}
	return nil
}

// runs reports whether seat runs truck t this round.
func runs(t *pb.TruckView, seat int) bool {
	if t.Runner != nil {
		return int(t.GetRunner()) == seat
	}
	return int(t.GetOwner()) == seat
}

// capacity sums the capacity of the trucks seat runs at home.
func (b *board) capacity(seat int) int {
	n := 0
	for _, t := range b.v.GetTrucks() {
		if runs(t, seat) && t.GetPlace() == pb.DrinkingPlace_DRINKING_PLACE_UNSPECIFIED {
			n += int(t.GetCapacity())
		}
	}
	return n
}

// ownCapacity sums the capacity of the trucks seat owns.
func (b *board) ownCapacity(seat int) int {
	n := 0
	for _, t := range b.v.GetTrucks() {
		if int(t.GetOwner()) == seat {
			n += int(t.GetCapacity())
		}
	}
	return n
}

// leader returns the richest rival.
func (b *board) leader() int {
	best := -1
	for i, sv := range b.v.GetSeats() {
		if i != b.me && (best < 0 || sv.GetMoney() > b.v.GetSeats()[best].GetMoney()) {
			best = i
		}
	}
	return best
}
