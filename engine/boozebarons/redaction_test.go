package boozebarons

import (
	"fmt"
	"slices"
	"testing"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/boozebarons/printed"
	"github.com/moonshine-games/moonshine/engine/playtest"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/boozebarons/v1"
)

// privateKinds are the event kinds that may only travel as private parts,
// with the seats they may go to ("to no seat" means the auditor only).
func privateAudience(e *pb.Event) (seats []engine.Seat, private bool) {
	switch k := e.Kind.(type) {
	case *pb.Event_BoozeCard:
		return []engine.Seat{engine.Seat(k.BoozeCard.Seat)}, true
	case *pb.Event_MovementSealed:
		return []engine.Seat{engine.Seat(k.MovementSealed.Seat)}, true
	case *pb.Event_Looked:
		return []engine.Seat{engine.Seat(k.Looked.Seat)}, true
	case *pb.Event_CasinoCards:
		return []engine.Seat{engine.Seat(k.CasinoCards.Seat)}, true
	case *pb.Event_DeckOrder:
		return nil, true
	}
	return nil, false
}

// checkStreamPolicy: "Deck order is nobody's"; a Booze card, a sealed
// Movement card, a look and the Casino cards go to their one seat only, and
// never in a public body.
func checkStreamPolicy(log []engine.Recorded) error {
	for _, r := range log {
		if e := r.Event.Public; e != nil {
			if _, private := privateAudience(e.(*pb.Event)); private {
				return fmt.Errorf("event %d: private kind in a public body: %v", r.Seq, e)
			}
		}
		for _, s := range r.Event.Private {
			want, private := privateAudience(s.Body.(*pb.Event))
			if !private || !slices.Equal(s.Seats, want) {
				return fmt.Errorf("event %d: %v sent to %v", r.Seq, s.Body, s.Seats)
			}
		}
	}
	return nil
}

// checkViewPolicy checks every viewer's view against the information rules:
// "A seat's view shows its own Booze card; others' only once Exposed."
// "The number of Delivery cards each player has at any time and which
// Movement card(s) each player has collected is public information." Faces
// of face-down Delivery cards are their holder's; the deck order nobody's.
func checkViewPolicy(s *State) error {
	for _, v := range playtest.Viewers(s.players) {
		view := s.View(v).(*pb.View)
		if len(view.Deck) != 0 && !v.SeesAll() || view.DeckSize != int32(len(s.deck)) {
			return fmt.Errorf("%v: deck %v (%d)", v, view.Deck, view.DeckSize)
		}
		for i, pv := range view.Seats {
			p := &s.seats[i]
			own := v.SeesAll() || v.IsSeat(engine.Seat(i))
			if want := own || p.exposed || s.result != nil; (pv.BoozeType != 0) != want || want && pv.BoozeType != p.booze || (pv.Mob != 0) != want {
				return fmt.Errorf("%v sees seat %d's Booze card as %v", v, i, pv.BoozeType)
			}
			if pv.DeliveryCardCount != int32(s.holdings(i)) || len(pv.Collected) != len(p.collected) || pv.FaceDownCount != int32(len(p.faceDown)) {
				return fmt.Errorf("%v: public counts of seat %d wrong", v, i)
			}
			if (len(pv.FaceDown) != 0 || pv.Sealed != 0) && !own {
				return fmt.Errorf("%v sees seat %d's face-down cards or sealed move", v, i)
			}
		}
		if pd := view.Pending; pd != nil && (len(pd.Looked) != 0 || len(pd.CasinoCards) != 0) && !v.SeesAll() && !v.IsSeat(engine.Seat(pd.Actor)) {
			return fmt.Errorf("%v sees %v's look", v, engine.Seat(pd.Actor))
		}
	}
	return nil
}

// TestInformationRules plays random games and checks the redaction policy
// of every view and every event after every event.
func TestInformationRules(t *testing.T) {
	games := 3
	if testing.Short() {
		games = 1
	}
	for players := printed.MinPlayers; players <= printed.MaxPlayers; players++ {
		for i := range games {
			_, err := playtest.Play(playtest.Config{
				Rules: Rules{}, Table: engine.Config{Players: players}, Seed: seedOf(players, 5000+i),
				Invariant: func(st engine.State, log []engine.Recorded) error {
					if err := checkStreamPolicy(log[len(log)-1:]); err != nil {
						return err
					}
					return checkViewPolicy(st.(*State))
				},
			})
			if err != nil {
				t.Fatalf("%d players game %d: %v", players, i, err)
			}
		}
	}
}
