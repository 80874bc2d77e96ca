package boozebarons

import (
	"fmt"
	"slices"

	"google.golang.org/protobuf/proto"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/boozebarons/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/boozebarons/v1"
)

// invariant checks the state after every event: every Delivery card is in
// exactly one place; each seat's six Movement cards are each in exactly one
// place; Snitch tokens and exposures add up; at the end, the scores
// recomputed from the event log equal the final ones.
func invariant(st engine.State, log []engine.Recorded) error {
	s := st.(*State)
	if err := deliveryConserved(s); err != nil {
		return err
	}
	if err := movementConserved(s); err != nil {
		return err
	}
	snitches := 0
	for _, p := range s.seats {
		snitches += p.snitches
	}
	if snitches != s.snitches || s.snitches > printed.SnitchTokens(s.players) {
		return fmt.Errorf("snitch tokens: %d held, %d taken, %d in play", snitches, s.snitches, printed.SnitchTokens(s.players))
	}
	if s.result != nil {
		return scoresFromLog(s, log)
	}
	return nil
}

func deliveryConserved(s *State) error {
	seen := make([]int, printed.DeckSize)
	count := func(ids []int32) {
		for _, id := range ids {
			seen[id]++
		}
	}
	count(s.deck)
	count(s.pend.casino)
	for _, l := range printed.Locations {
		count(s.at[l])
		for _, id := range s.at[l] {
			if printed.Deck[id].Location != l {
				return fmt.Errorf("card %d waits at %v", id, l)
			}
		}
	}
	for i, p := range s.seats {
		count(p.faceUp)
		count(p.faceDown)
		for _, id := range append(slices.Clone(p.faceUp), p.faceDown...) {
			if !printed.Deck[id].Shows(p.booze) {
				return fmt.Errorf("seat %d holds card %d, which does not show its type", i, id)
			}
		}
	}
	for id, n := range seen {
		if n != 1 {
			return fmt.Errorf("delivery card %d is in %d places", id, n)
		}
	}
	return nil
}

func movementConserved(s *State) error {
	for i, p := range s.seats {
		for _, l := range printed.Locations {
			n := 0
			if p.hand[l] {
				n++
			}
			if p.played == l {
				n++
			}
			if slices.Contains(p.boxed, l) {
				n++
			}
			for _, q := range s.seats {
				if slices.Contains(q.collected, collectedCard{from: i, loc: l}) {
					n++
				}
			}
			if n != 1 {
				return fmt.Errorf("seat %d's Movement card %v is in %d places", i, l, n)
			}
		}
	}
	return nil
}

// scoresFromLog recomputes every seat's coins from the public event log
// alone (a separate implementation from score.go) and compares.
func scoresFromLog(s *State, log []engine.Recorded) error {
	n := s.players
	cards, snitch, lostMine := make([]int, n), make([]int, n), make([]int, n)
	takenFrom := make([][]int, n)
	booze := make([]pb.BoozeType, n)
	for _, r := range log {
		for _, b := range r.Event.Bodies() {
			switch k := b.(*pb.Event).Kind.(type) {
			case *pb.Event_BoozeCard:
				booze[k.BoozeCard.Seat] = k.BoozeCard.BoozeType
			case *pb.Event_Delivered:
				cards[k.Delivered.Seat]++
			case *pb.Event_Stolen:
				cards[k.Stolen.Seat]++
				cards[k.Stolen.From]--
			case *pb.Event_CasinoKept:
				cards[k.CasinoKept.Seat] += len(k.CasinoKept.CardIds)
			case *pb.Event_DocksCollected:
				cards[k.DocksCollected.Seat] += len(k.DocksCollected.CardIds)
			case *pb.Event_ExposeAttempted:
				if e := k.ExposeAttempted; e.Correct {
					lostMine[e.Target]++
					takenFrom[e.Seat] = append(takenFrom[e.Seat], int(e.Target))
					if e.SnitchToken {
						snitch[e.Seat]++
					}
				}
			case *pb.Event_DeckExhausted:
				for _, e := range k.DeckExhausted.Exposures {
					lostMine[e.Seat]++
				}
			case *pb.Event_Resigned:
				if k.Resigned.MovementCard != pb.Location_LOCATION_UNSPECIFIED {
					lostMine[k.Resigned.Seat]++
				}
			}
		}
	}
	for i := range n {
		coins := cards[i] + snitch[i] + 2*(6-lostMine[i])
		for _, from := range takenFrom[i] {
			if printed.MobOf(booze[from]) == printed.MobOf(booze[i]) {
				coins -= 2
			} else {
				coins += 2
			}
		}
		if got := s.result.Players[i].Coins; int(got) != coins {
			return fmt.Errorf("seat %d: final coins %d, log gives %d", i, got, coins)
		}
	}
	return mobScoresFromPlayers(s)
}

// mobScoresFromPlayers re-adds the Mob scores from the players' coins.
func mobScoresFromPlayers(s *State) error {
	for _, m := range s.result.Mobs {
		var coins []int
		for _, p := range s.result.Players {
			if p.Mob == m.Mob {
				coins = append(coins, int(p.Coins))
			}
		}
		slices.Sort(coins)
		want := 0
		switch {
		case len(coins) == 1 && (s.players == 4 || s.players == 5):
			want = 2 * coins[0]
		case len(coins) == 3 && (s.players == 7 || s.players == 8):
			want = coins[0] + coins[2]
		default:
			for _, c := range coins {
				want += c
			}
		}
		if int(m.Score) != want {
			return fmt.Errorf("%v scores %d, players give %d", m.Mob, m.Score, want)
		}
	}
	o := s.Outcome()
	for _, w := range o.Winners {
		if !slices.Contains(s.result.Winners, printed.MobOf(s.seats[w].booze)) {
			return fmt.Errorf("winner seat %d is not of a winning Mob", w)
		}
	}
	return nil
}

// randomCommand makes a command that may or may not be legal.
func randomCommand(r *engine.Rand) proto.Message {
	card := func() int32 { return int32(r.IntN(printed.DeckSize+2)) - 1 }
	seat := func() int32 { return int32(r.IntN(printed.MaxPlayers+1)) - 1 }
	switch r.IntN(10) {
	case 0:
		return Cmd(&pb.ChooseMovement{Location: pb.Location(r.IntN(8))})
	case 1:
		return Cmd(&pb.Deliver{CardId: card()})
	case 2:
		return Cmd(&pb.Tail{Target: seat()})
	case 3:
		if r.IntN(2) == 0 {
			return Cmd(&pb.TriggerEvent{})
		}
		return Cmd(&pb.TriggerEvent{Target: proto.Int32(seat())})
	case 4:
		return Cmd(&pb.Pass{})
	case 5:
		return Cmd(&pb.Steal{CardId: card()})
	case 6:
		return Cmd(&pb.Expose{Guess: pb.BoozeType(r.IntN(14))})
	case 7:
		return Cmd(&pb.Decline{})
	case 8:
		return Cmd(&pb.CasinoKeep{CardIds: randomIDs(r, 4)})
	default:
		return Cmd(&pb.DocksCollect{CardIds: randomIDs(r, 3)})
	}
}

func randomIDs(r *engine.Rand, max int) []int32 {
	ids := make([]int32, r.IntN(max+1))
	for i := range ids {
		ids[i] = int32(r.IntN(printed.DeckSize))
	}
	return ids
}
