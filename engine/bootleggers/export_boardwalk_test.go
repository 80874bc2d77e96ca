package bootleggers

import (
	"fmt"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/bootleggers/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
)

// For the seeded Boardwalk games of package bootleggers_test: rules that
// set up a Boardwalk table whatever BoardwalkPlayable says, and the casino
// invariants checked after every event.

// SetupAnyRules are the rules with a Setup that deals every table the
// options allow: a Boardwalk table too, which Rules.Setup refuses while
// BoardwalkPlayable is false. Everything else is Rules'.
type SetupAnyRules struct{ Rules }

// Setup is Rules.Setup without the refusal of an unplayable table.
func (SetupAnyRules) Setup(cfg engine.Config, rng *engine.Rand) ([]engine.Event, error) {
	o, _ := cfg.Options.(*pb.Options)
	opts, err := NormaliseOptions(cfg.Players, o)
	if err != nil {
		return nil, err
	}
	version, err := houseVersion(cfg.RulesVersion)
	if err != nil {
		return nil, err
	}
	return openingEvents(cfg.Players, opts, version, dealFrom(cfg.Players, opts, rng)), nil
}

// CasinoWatcher checks the Boardwalk's own invariants after every event,
// beside the Watcher's ledger and conservation: a casino owner holds no
// die once he has discarded them ("The new Casino owner finishes his
// action by discarding his Truck, dice, and any Remote Stills.") and
// produces nothing ("Casino owners have no actions this phase."), and
// under rules version 2 holds and runs no truck either (ruling 86); his
// graft is "$1G per die plus $2G booking fee for each Entertainment Act in
// their Casinos" (ruling 76); no more than 3 markers are destroyed at
// O'Malley's a round, by each owner (version 2: by all together; ruling
// 81);
// a casino's gambling profit is its roll less the crates it bought, or
// nothing under Break the Bank, a Police Raid or a refused Commission; and
// the game ends after round 12, never by money (ruling 75).
type CasinoWatcher struct {
	seen   int
	owners map[int]bool
	// Redeveloped, Cuts and Acts count what the game did, for the reports.
	Redeveloped, Cuts, Acts int
}

// NewCasinoWatcher returns a CasinoWatcher for one game.
func NewCasinoWatcher() *CasinoWatcher { return &CasinoWatcher{owners: map[int]bool{}} }

// Check is a playtest.Config.Invariant.
func (w *CasinoWatcher) Check(st engine.State, log []engine.Recorded) error {
	s := st.(*State)
	for _, r := range log[w.seen:] {
		for _, b := range r.Event.Bodies() {
			if err := w.fold(s, b.(*pb.Event)); err != nil {
				return fmt.Errorf("event %d: %w", r.Seq, err)
			}
		}
	}
	w.seen = len(log)
	cuts := 0
	for seat, p := range s.seats {
		if p.cuts > printed.OMalleysCutsPerRound || p.cuts > 0 && !w.owners[seat] {
			return fmt.Errorf("seat %d destroyed %d markers at O'Malley's this round", seat, p.cuts)
		}
		cuts += p.cuts
	}
	if cuts != s.omalleysCuts || s.version < rulingsReadAgain && s.omalleysCuts > printed.OMalleysCutsPerRound {
		return fmt.Errorf("%d markers destroyed at O'Malley's this round, %d by the seats", s.omalleysCuts, cuts)
	}
	for seat := range w.owners {
		if len(s.seats[seat].stills) > 0 || s.seats[seat].produced > 0 {
			return fmt.Errorf("casino owner %d holds %d stills, produced %d", seat, len(s.seats[seat].stills), s.seats[seat].produced)
		}
		if s.version >= rulingsReadAgain {
			continue
		}
		if len(s.ownedTrucks(seat)) > 0 {
			return fmt.Errorf("casino owner %d holds trucks %v", seat, s.ownedTrucks(seat))
		}
		for id, t := range s.trucks {
			// Only a Hijack, of a rival's lined-up truck, gives him one to
			// run (ruling 86): never a rented truck at home.
			if t.runner == seat && t.place == pb.DrinkingPlace_DRINKING_PLACE_UNSPECIFIED {
				return fmt.Errorf("casino owner %d runs truck %d at home", seat, id)
			}
		}
	}
	return nil
}

// fold checks one body against the state it leaves.
func (w *CasinoWatcher) fold(s *State, e *pb.Event) error {
	switch k := e.Kind.(type) {
	case *pb.Event_CasinoRedeveloped:
		w.Redeveloped++
	case *pb.Event_CasinoOwnerDiscarded:
		w.owners[int(k.CasinoOwnerDiscarded.GetSeat())] = true
	case *pb.Event_OmalleysCut:
		w.Cuts++
		if !w.owners[int(k.OmalleysCut.GetSeat())] {
			return fmt.Errorf("seat %d cut O'Malley's without a casino", k.OmalleysCut.GetSeat())
		}
	case *pb.Event_CasinoCardTaken:
		if k.CasinoCardTaken.GetPlace() != pb.DrinkingPlace_DRINKING_PLACE_UNSPECIFIED {
			w.Acts++
		}
	case *pb.Event_MusclePaid:
		for _, p := range k.MusclePaid.GetPayments() {
			if want := s.casinoGraft(int(p.GetSeat())); int(p.GetCasinoGraft()) != want {
				return fmt.Errorf("seat %d owes a casino graft of %d, not %d", p.GetSeat(), want, p.GetCasinoGraft())
			}
		}
	case *pb.Event_WhiskeySold:
		return w.sold(s, k.WhiskeySold)
	case *pb.Event_GameEnded:
		if k.GameEnded.GetRound() != printed.Rounds || k.GameEnded.GetReason() != pb.EndReason_END_REASON_LAST_ROUND {
			return fmt.Errorf("a Boardwalk game ended after round %d (%v)", k.GameEnded.GetRound(), k.GameEnded.GetReason())
		}
	}
	return nil
}

// sold checks a casino's gambling profit: "$1G gambling profits is paid to
// the owner from the bank for the difference between the consumption roll
// and the number of Crates sold".
func (w *CasinoWatcher) sold(s *State, e *pb.WhiskeySold) error {
	st := s.place(e.GetPlace())
	if st.kind != casino {
		return nil
	}
	if e.GetOwner() != int32(st.casinoOwner) {
		return fmt.Errorf("%v's sale pays seat %d, not its owner %d", e.GetPlace(), e.GetOwner(), st.casinoOwner)
	}
	roll, sold := 0, 0
	if st.roll != nil {
		roll = st.roll.total
	}
	for _, sale := range e.GetSales() {
		sold += int(sale.GetCrates())
	}
	want := max(0, roll-sold) * printed.GamblingProfit
	if st.cards.broken || st.cards.raided || st.cards.commission == pb.Commission_COMMISSION_REFUSED {
		// "Casino owner receives no payout from gambling or crates sold at
		// this casino this turn." (rulings 90, 98, 99)
		want = 0
	}
	if int(e.GetGamblingProfit()) != want || sold > roll {
		return fmt.Errorf("%v rolled %d and bought %d crates: gambling profit %d, not %d", e.GetPlace(), roll, sold, e.GetGamblingProfit(), want)
	}
	return nil
}
