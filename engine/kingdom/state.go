package kingdom

import (
	"github.com/moonshine-games/moonshine/engine/kingdom/printed"
	"slices"

	"github.com/moonshine-games/moonshine/engine"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
)

// none marks an empty seat reference (no holder, no controller).
const none = -1

// pieces are one mob's pieces in one District.
type pieces struct {
	Runners, Bosses int
	Safehouse       bool
	// Pinned marks Invaders stuck in a fight (see state.Fight).
	Pinned bool
}

func (p pieces) mobsters() int { return p.Runners + p.Bosses }
func (p pieces) any() bool     { return p.mobsters() > 0 || p.Safehouse }

// district is one District's contents. Mobs is indexed by seat: outside a
// firefight the Golden Rule leaves at most one mob present; during one
// Occupier names who keeps Control (Contested Ground).
type district struct {
	Still    int
	Precinct bool
	Mobs     [printed.MaxSeats]pieces
	Occupier int
	Barrels  [5]int // by pb.Liquor
}

// stake is a Contract staked in the open with markers still on it.
type stake struct{ Card, Markers int }

// seat is one mob and its Operations board.
type seat struct {
	Playbook  pb.Playbook
	Home      pb.Borough
	Token     int
	TokenMoon pb.Moon
	LaidLow   bool
	Greased   bool
	Cash      int
	Stash     int
	// SlotOwners holds the owner of each marker in the Operations slots
	// (another seat's markers arrive by lending, issue III).
	SlotOwners []int
	// Influence counts the markers this seat owns, wherever they lie.
	Influence int
	Hand      []int
	Staked    []stake
	Completed []int
	// Commission is true once the seat took its (only) Commission card.
	Commission bool
	// Favors held, and Bought marks those bought once already (by Broker).
	Favors [5]bool
	Bought [5]bool
	// Loans counts unpaid Shylock's Marks (issue III).
	Loans    int
	Hustled  bool
	Extorted [6]bool // by pb.Borough
	// BossPieces is how many Boss pieces the mob owns (2 for Sicilians).
	BossPieces int
	// Burned counts the Runners sacrificed to a Torch: "He is removed from
	// the game."
	Burned int
	// Resigned is set once the seat conceded (resign.go).
	Resigned bool
}

// deck is a Contract deck. Draw is kept sorted: its order is nobody's, so a
// draw picks a random card of it at the moment of drawing. Discard is the
// face-up discard pile, in the order discarded: public.
type deck struct {
	Draw    []int
	Discard []int
}

// raid is a Police Raid in progress.
type raid struct {
	Target    int
	Trigger   pb.RaidTrigger
	Precincts []pb.District // still to strike, the next first
	Tied      []pb.District // awaiting the Target's Call
	Hit       pb.District   // awaiting Bribe or Fall
	Struck    []pb.District
}

// state is the folded state of a Moonshine Kingdom game (an [engine.State]).
type state struct {
	Players int
	Opts    *pb.Options
	Day     int
	Moon    pb.Moon
	Phase   pb.Phase
	D       [printed.NumDistricts]district
	Seats   []seat
	Market  [5]int // by pb.Liquor
	Decks   [4]deck
	// Heat holds the owners of the markers on the Heat Track, left to right.
	Heat       []int
	Deeds      [6]int // holder by pb.Borough
	Syndicates [5]int // holder by pb.Liquor
	WardBoss   int
	Rat        int
	// PrecinctSupply holds the home Boroughs of destroyed Precincts.
	PrecinctSupply []pb.Borough
	Red, White     []int
	Drafted        int
	// DayOrder is the Day's Turn Order, fixed when the Day begins (a seat
	// that Lays Low takes a new token but keeps its place today).
	DayOrder []int
	// Current is the seat whose turn it is in the phase.
	Current int
	Raid    *raid
	// Fight is the fight in progress (a Standoff, Pinned Invaders or the
	// Spoils), nil outside one.
	Fight *fight
	// Proposal is a Push awaiting the rival's permission, nil when none.
	// It is never modified, only replaced.
	Proposal *pb.PushProposed
	// PlaySpent holds the owners of the markers the current seat spent on
	// its latest Play, fights included: the violence Heat marker follows
	// them (ruling 75).
	// It is replaced, never modified, so clones may share it.
	PlaySpent []int
	// Deals are the open Broker's Word deals, in proposal order; NextDeal
	// is the id of the next one.
	Deals    []deal
	NextDeal int
	// Crackdown is the Federal Crackdown Tracker space (Blood Oath).
	Crackdown int
	// Partner holds each seat's partner after the Sit-Down (none before).
	Partner [printed.MaxSeats]int
	// Bloodshed marks a Play in which the Attacker has killed: one Heat
	// marker at its end.
	Bloodshed bool
	outcome   *engine.Outcome
}

// fight is a fight in progress in one District, always in the Invader's
// turn.
type fight struct {
	District, Origin pb.District
	Invader          int
	// Occupier is the mob holding the District (none: Police Turf).
	Occupier int
	// Stage is the decision awaited: Standoff, Pinned or Spoils.
	Stage pb.Awaiting
	// Stealth marks Vipers who slipped in by Stealth and must Assault or
	// Advance before anything else.
	Stealth bool
	// Plundered counts the barrels the Irish Invaders stole in this fight,
	// by liquor: they may carry them on an Advance besides their one barrel
	// each (ruling 66).
	Plundered [5]int
}

// decider is the seat whose decision the fight awaits.
func (f *fight) decider() int {
	if f.Stage == pb.Awaiting_AWAITING_STANDOFF {
		return f.Occupier
	}
	return f.Invader
}

func newState() *state {
	s := &state{WardBoss: none, Rat: none, Current: none, Partner: [printed.MaxSeats]int{none, none, none, none}}
	for i := range s.Deeds {
		s.Deeds[i] = none
	}
	for i := range s.Syndicates {
		s.Syndicates[i] = none
	}
	for i := range s.D {
		s.D[i].Occupier = none
	}
	return s
}

// Clone returns a deep copy ([engine.State]).
func (s *state) Clone() engine.State { return s.clone() }

// clone returns a deep copy. The copy's int slices share one backing
// array, each capped at its own length, so that an append moves it out
// instead of writing into its neighbour: some twenty allocations fewer.
func (s *state) clone() *state {
	c := new(state)
	s.copyInto(c, nil)
	return c
}

// copyInto makes dst a deep copy of s, as clone does, reusing dst's Seats
// array and ints (the int slices' array of an earlier copy, returned for
// the next) where they are large enough. Only memory no event can share
// is reused: the state's own struct, its seats and its int slices (events
// carry uint32 lists, never a state's []int); the Raid's and the Precinct
// supply's lists, the stakes and the deals are copied afresh.
func (s *state) copyInto(dst *state, ints []int) []int {
	seats := dst.Seats[:0]
	*dst = *s
	a := arena{buf: slices.Grow(ints[:0], s.intsLen())}
	dst.Seats = nil
	if s.Seats != nil {
		dst.Seats = append(seats, s.Seats...)
	}
	for i := range dst.Seats {
		p := &dst.Seats[i]
		p.SlotOwners = a.clone(p.SlotOwners)
		p.Hand = a.clone(p.Hand)
		p.Staked = slices.Clone(p.Staked)
		p.Completed = a.clone(p.Completed)
	}
	for i := range dst.Decks {
		dst.Decks[i] = deck{a.clone(s.Decks[i].Draw), a.clone(s.Decks[i].Discard)}
	}
	dst.Heat = a.clone(s.Heat)
	dst.Deals = cloneDeals(s.Deals)
	dst.PrecinctSupply = slices.Clone(s.PrecinctSupply)
	dst.Red, dst.White = a.clone(s.Red), a.clone(s.White)
	dst.DayOrder = a.clone(s.DayOrder)
	if s.Raid != nil {
		r := *s.Raid
		r.Precincts, r.Tied, r.Struck = slices.Clone(r.Precincts), slices.Clone(r.Tied), slices.Clone(r.Struck)
		dst.Raid = &r
	}
	if s.Fight != nil {
		f := *s.Fight
		dst.Fight = &f
	}
	return a.buf
}

// intsLen is the total length of the int slices Clone copies into one
// array.
func (s *state) intsLen() int {
	n := len(s.Heat) + len(s.Red) + len(s.White) + len(s.DayOrder)
	for i := range s.Seats {
		p := &s.Seats[i]
		n += len(p.SlotOwners) + len(p.Hand) + len(p.Completed)
	}
	for i := range s.Decks {
		n += len(s.Decks[i].Draw) + len(s.Decks[i].Discard)
	}
	return n
}

// arena hands out copies of int slices from one preallocated array.
type arena struct{ buf []int }

// clone copies x into the arena, capped at its length; like slices.Clone
// it keeps nil nil and an empty slice empty but not nil.
func (a *arena) clone(x []int) []int {
	if x == nil {
		return nil
	}
	i := len(a.buf)
	a.buf = append(a.buf, x...)
	return a.buf[i:len(a.buf):len(a.buf)]
}

func (s *state) dist(d pb.District) *district { return &s.D[d-1] }

// controller returns the seat that Controls d, or none. Police Turf counts
// as nobody's.
func (s *state) controller(d pb.District) int {
	x := s.dist(d)
	if x.Precinct {
		return none
	}
	return x.holder()
}

// holder returns the mob with pieces in the District (the Occupier if more
// than one), ignoring Police.
func (x *district) holder() int {
	found := none
	for i, p := range x.Mobs {
		if p.any() {
			if found != none {
				return x.Occupier
			}
			found = i
		}
	}
	return found
}

func (x *district) barrelCount() int {
	n := 0
	for _, b := range x.Barrels {
		n += b
	}
	return n
}

// unoccupied reports whether nobody stands in x: no Mobster, Safehouse or
// Precinct.
func (x *district) unoccupied() bool { return !x.Precinct && x.holder() == none }

func (s *state) mobstersAt(seat int, d pb.District) int { return s.dist(d).Mobs[seat].mobsters() }

// onBoard counts a seat's Runners, Bosses and Safehouses on the board.
func (s *state) onBoard(seat int) (runners, bosses, safehouses int) {
	for i := range s.D {
		p := s.D[i].Mobs[seat]
		runners += p.Runners
		bosses += p.Bosses
		if p.Safehouse {
			safehouses++
		}
	}
	return
}

func (s *state) runnerSupply(seat int) int {
	r, _, _ := s.onBoard(seat)
	return printed.RunnerSupply - s.Seats[seat].Burned - r
}

func (s *state) bossSupply(seat int) int {
	_, b, _ := s.onBoard(seat)
	return s.Seats[seat].BossPieces - b
}

func (s *state) safehouseSupply(seat int) int {
	_, _, h := s.onBoard(seat)
	return printed.SafehouseSupply - h
}

// barrelSupply returns how many barrels of l are left in the supply.
func (s *state) barrelSupply(l pb.Liquor) int {
	n := printed.BarrelSupply
	for i := range s.D {
		n -= s.D[i].Barrels[l]
	}
	return n
}

// controlled lists the Districts seat Controls, in District order.
func (s *state) controlled(seat int) []pb.District {
	var out []pb.District
	for _, d := range printed.AllDistricts() {
		if s.controller(d) == seat {
			out = append(out, d)
		}
	}
	return out
}

// countControlled counts the Districts seat Controls that match keep.
func (s *state) countControlled(seat int, keep func(printed.DistrictInfo) bool) int {
	n := 0
	for d := pb.District(1); d <= printed.NumDistricts; d++ {
		if s.controller(d) == seat && keep(printed.Info(d)) {
			n++
		}
	}
	return n
}

// held counts the barrels of l in Districts seat Controls (l unset: all).
func (s *state) held(seat int, l pb.Liquor) int {
	n := 0
	for _, d := range s.controlled(seat) {
		if l == 0 {
			n += s.dist(d).barrelCount()
		} else {
			n += s.dist(d).Barrels[l]
		}
	}
	return n
}

func (s *state) heatMarkers(seat int) int {
	n := 0
	for _, o := range s.Heat {
		if o == seat {
			n++
		}
	}
	return n
}

// order returns the seats in Turn Order: by Turn Token number, tokens of
// the current Moon first.
func (s *state) order() []int {
	seats := make([]int, s.Players)
	for i := range seats {
		seats[i] = i
	}
	slices.SortFunc(seats, func(a, b int) int {
		ka, kb := s.tokenKey(a), s.tokenKey(b)
		return ka - kb
	})
	return seats
}

func (s *state) tokenKey(i int) int {
	k := s.Seats[i].Token
	if s.Seats[i].TokenMoon != s.Moon {
		k += 10
	}
	return k
}

// nextActive returns the next seat after from in the Day's Turn Order that
// has not laid low, or none.
func (s *state) nextActive(from int) int {
	ord := s.DayOrder
	at := slices.Index(ord, from)
	for i := 1; i <= len(ord); i++ {
		c := ord[(at+i)%len(ord)]
		if !s.Seats[c].LaidLow {
			return c
		}
	}
	return none
}

func opposite(m pb.Moon) pb.Moon {
	if m == pb.Moon_MOON_NEW {
		return pb.Moon_MOON_FULL
	}
	return pb.Moon_MOON_NEW
}

// freeToken returns the lowest Turn Token of moon m that no seat holds.
func (s *state) freeToken(m pb.Moon) int {
	for t := 1; ; t++ {
		taken := false
		for _, p := range s.Seats {
			if p.TokenMoon == m && p.Token == t {
				taken = true
			}
		}
		if !taken {
			return t
		}
	}
}

func (s *state) respectToWin() int {
	if s.Opts != nil && s.Opts.RespectToWin > 0 {
		return int(s.Opts.RespectToWin)
	}
	return printed.RespectToWin
}
