package kingdom

import (
	"slices"
	"testing"

	"github.com/moonshine-games/moonshine/engine"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
)

func hustle(decks ...pb.Tier) *pb.Command { return cmd(&pb.Hustle{Decks: decks}) }

func TestHustle(t *testing.T) {
	// "Hustle: Boss must be in play. Draw 2 Contracts ... Discard down to
	// your Hand Limit (default: 3 ...). Limit: once per Day."
	s := cleared(t, 2)
	put(s, 0, harlem, 1, 0, false)
	refused(t, s, 0, hustle(gig, score), ReasonNoBoss)
	put(s, 0, harlem, 1, 1, false)
	refused(t, s, 0, hustle(gig), ReasonTooManyContractDecks)
	s.Seats[0].Hand = []int{1, 2}
	s.Decks[gig].Draw = s.Decks[gig].Draw[2:]
	evs := run(t, s, 0, hustle(gig, score))
	if len(s.Seats[0].Hand) != 4 || !s.Seats[0].Hustled {
		t.Fatalf("hand %v", s.Seats[0].Hand)
	}
	// The game waits for seat 0's discard, and no one else may act.
	if who, aw := s.awaited(); who != 0 || aw != pb.Awaiting_AWAITING_DISCARD {
		t.Fatalf("awaiting %d %v", who, aw)
	}
	refused(t, s, 1, cmd(&pb.LayLow{}), engine.ReasonNotYourTurn)
	refused(t, s, 0, cmd(&pb.DiscardContracts{Cards: []uint32{1, 2}}), ReasonBadDiscard)
	refused(t, s, 0, cmd(&pb.DiscardContracts{Cards: []uint32{1, 1}}), ReasonBadDiscard)
	// "Drawn cards are private to their holder": the public body names the
	// decks only; the cards are in a Secret for seat 0.
	drawn := evs[len(evs)-1]
	for _, ev := range evs {
		if ev.Public.(*pb.Event).GetContractsDrawn() != nil {
			drawn = ev
		}
	}
	if pub := drawn.Public.(*pb.Event).GetContractsDrawn(); len(pub.Decks) != 2 || len(drawn.Private) != 1 || drawn.Private[0].Seats[0] != 0 {
		t.Errorf("draw visibility: %v", drawn)
	}
	evs = run(t, s, 0, cmd(&pb.DiscardContracts{Cards: []uint32{1}}))
	if len(s.Seats[0].Hand) != 3 || s.Current != 1 || !slices.Equal(s.Decks[gig].Discard, []int{1}) {
		t.Errorf("after discard: hand %v current %d", s.Seats[0].Hand, s.Current)
	}
	// "If a Contract deck ever runs dry, immediately shuffle its face-up
	// discard pile": the discard lands face up, so the card is public, in
	// the event everyone sees and in every view (ruling 26).
	if x, _ := find(evs, (*pb.Event).GetContractsDiscarded, func(x *pb.ContractsDiscarded) bool { return x == nil }); !slices.Equal(x.GetCards(), []uint32{1}) || len(evs[0].Private) != 0 {
		t.Errorf("discard event %v", evs[0])
	}
	for _, v := range []engine.Viewer{engine.SpectatorViewer(), engine.SeatViewer(1)} {
		if d := s.View(v).(*pb.View).Decks[0]; d.Tier != gig || d.Discards != 1 || !slices.Equal(d.FaceUp, []uint32{1}) {
			t.Errorf("%v sees the Gig deck as %v", v, d)
		}
	}
	s.Current = 0
	refused(t, s, 0, hustle(gig, gig), ReasonHustleOnceADay)
}

func TestHustleRatAndGuinan(t *testing.T) {
	// "While you hold this card ... you cannot perform the Hustle Play."
	s := cleared(t, 2)
	put(s, 0, harlem, 1, 1, false)
	s.Rat = 0
	refused(t, s, 0, hustle(gig, gig), ReasonRatCantHustle)
	// "When you Hustle, draw 3 Contracts instead of 2, and your Hand Limit is
	// increased to 5."
	s.Rat = none
	s.Seats[0].Favors[pb.Broker_BROKER_TEXAS_GUINAN] = true
	refused(t, s, 0, hustle(gig, gig), ReasonTooManyContractDecks)
	run(t, s, 0, hustle(gig, racket, score))
	if len(s.Seats[0].Hand) != 3 || s.Current != 1 {
		t.Errorf("hand %v", s.Seats[0].Hand)
	}
}

func TestHustleReshufflesADryDeck(t *testing.T) {
	// "If a Contract deck ever runs dry, immediately shuffle its face-up
	// discard pile to form a new face-down draw deck."
	s := cleared(t, 2)
	put(s, 0, harlem, 1, 1, false)
	s.Decks[score] = deck{Draw: []int{27}, Discard: []int{28, 29, 30, 31, 32, 33, 34, 35, 36}}
	run(t, s, 0, hustle(score, score))
	d := s.Decks[score]
	if len(s.Seats[0].Hand) != 2 || s.Seats[0].Hand[0] != 27 || len(d.Draw) != 8 || len(d.Discard) != 0 {
		t.Errorf("hand %v deck %+v", s.Seats[0].Hand, d)
	}
	s.Decks[gig] = deck{}
	s.Current, s.Seats[0].Hustled = 0, false
	refused(t, s, 0, hustle(gig, score), ReasonDeckEmpty)
}

func TestExtort(t *testing.T) {
	// "Extort: Borough Deed required. ... Once per Day, earn $200 per
	// District you Control in that Borough. Earning $800+ (controlling 4 or
	// more Districts) is noisy and generates Heat."
	for _, c := range []struct {
		districts []pb.District
		cash      int
		heat      bool
	}{
		{[]pb.District{harlem, westSide, hellsKit}, 600, false},
		{[]pb.District{harlem, westSide, hellsKit, village}, 800, true},
	} {
		s := cleared(t, 2)
		for _, d := range c.districts {
			put(s, 0, d, 1, 0, false)
		}
		refused(t, s, 0, cmd(&pb.Extort{Borough: manhattan}), ReasonNoDeed)
		s.Deeds[manhattan] = 0
		run(t, s, 0, cmd(&pb.Extort{Borough: manhattan}))
		if s.Seats[0].Cash != 1000+c.cash || (len(s.Heat) == 1) != c.heat {
			t.Errorf("%v: cash %d heat %v", c.districts, s.Seats[0].Cash, s.Heat)
		}
		// Heat: "place 1 spent marker onto the Heat Track."
		if c.heat && (s.Heat[0] != 0 || s.Seats[0].Stash != 2) {
			t.Errorf("heat marker %v stash %d", s.Heat, s.Seats[0].Stash)
		}
		s.Current = 0
		refused(t, s, 0, cmd(&pb.Extort{Borough: manhattan}), ReasonExtortOnceADay)
	}
}

func TestExtortOncePerDayPerBorough(t *testing.T) {
	// "Deeds also unlock that Borough's Extort action." and "Extort: Borough
	// Deed required. Shake down the locals. Once per Day, earn $200 per
	// District you Control in that Borough." Each Deed unlocks its own
	// Borough's Extort, once per Day (ruling 30): two Deeds, two shakedowns
	// in one Day, never the same Borough twice.
	s := cleared(t, 2)
	put(s, 0, harlem, 1, 0, false)
	put(s, 0, westSide, 1, 0, false)
	put(s, 0, brownsville, 1, 0, false)
	put(s, 0, redHook, 1, 0, false)
	s.Deeds[manhattan], s.Deeds[brooklyn] = 0, 0
	run(t, s, 0, cmd(&pb.Extort{Borough: manhattan}))
	s.Current = 0
	refused(t, s, 0, cmd(&pb.Extort{Borough: manhattan}), ReasonExtortOnceADay)
	run(t, s, 0, cmd(&pb.Extort{Borough: brooklyn}))
	if s.Seats[0].Cash != 1000+400+400 {
		t.Fatalf("cash %d", s.Seats[0].Cash)
	}
	// The next Day unlocks both again.
	s.Current = 0
	refused(t, s, 0, cmd(&pb.Extort{Borough: brooklyn}), ReasonExtortOnceADay)
	s.applyDay(&pb.DayStarted{Day: u32(s.Day + 1), Moon: s.Moon})
	s.Phase, s.Current = pb.Phase_PHASE_OPERATIONS, 0
	run(t, s, 0, cmd(&pb.Extort{Borough: brooklyn}))
}

func TestFix(t *testing.T) {
	// "Example: If you hold the Gin Syndicate and Control 3 Gin Joints, you
	// may Fix the price of Gin anywhere from $200 to $500."
	s := cleared(t, 2)
	s.dist(richmond).Precinct = false
	for _, d := range []pb.District{hellsKit, flatbush, richmond} {
		put(s, 0, d, 1, 0, false)
	}
	refused(t, s, 0, cmd(&pb.Fix{Liquor: gin, Price: 500}), ReasonNoSyndicate)
	s.Syndicates[gin] = 0
	for _, bad := range []uint32{100, 550, 600} {
		refused(t, s, 0, cmd(&pb.Fix{Liquor: gin, Price: bad}), ReasonBadPrice)
	}
	run(t, s, 0, cmd(&pb.Fix{Liquor: gin, Price: 500}))
	if s.Market[gin] != 500 {
		t.Errorf("gin at %d", s.Market[gin])
	}
	// With 2 Gin Joints the ceiling is $400.
	put(s, 0, richmond, 0, 0, false)
	s.Current = 0
	refused(t, s, 0, cmd(&pb.Fix{Liquor: gin, Price: 500}), ReasonBadPrice)
	run(t, s, 0, cmd(&pb.Fix{Liquor: gin, Price: 200}))
}

func unload(d pb.District, barrels ...*pb.Barrels) *pb.Command {
	return cmd(&pb.Unload{District: d, Barrels: barrels})
}

func TestUnload(t *testing.T) {
	// "Sell barrels at a Speakeasy you Control for their current Market
	// Value. ... For every barrel sold that matches the Joint's House Pour,
	// immediately move 1 spent Influence marker from your Stash back into an
	// empty slot ... Any Kickbacks earned beyond your empty slots are wasted.
	// The Greed Tax: Unloading 4+ barrels ... generates Heat."
	// Gin sells at $300 and Whisky at $400; Hell's Kitchen pours Gin. Paying
	// 2 markers leaves slots-2 slotted; Kickbacks fill empty slots from the
	// Stash.
	for _, c := range []struct {
		name                          string
		gin, whisky, slotsBefore      int
		stClair                       bool
		cash, slotsAfter, heatMarkers int
	}{
		{"3 Gin: 2 Kickbacks fill the 2 empty slots, 1 wasted", 3, 0, 5, false, 900, 5, 0},
		{"1 Gin: 1 Kickback", 1, 0, 5, false, 300, 4, 0},
		{"3 Whisky: not the House Pour", 0, 3, 5, false, 1200, 3, 0},
		{"3 Gin from 2 slots: 3 Kickbacks", 3, 0, 2, false, 900, 3, 0},
		{"4 Gin: the Greed Tax", 4, 0, 5, false, 1200, 5, 1},
		{"2 Gin 2 Whisky: 4 barrels of any type", 2, 2, 5, false, 1400, 5, 1},
		{"4 Whisky: the Greed Tax", 0, 4, 5, false, 1600, 3, 1},
		{"4 Gin with St. Clair's Favor: Untouchable", 4, 0, 5, true, 1200, 5, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := cleared(t, 2)
			put(s, 0, hellsKit, 1, 0, false) // a Gin Joint
			s.dist(hellsKit).Barrels[gin], s.dist(hellsKit).Barrels[whisky] = c.gin, c.whisky
			p := &s.Seats[0]
			p.Stash += len(p.SlotOwners) - c.slotsBefore
			p.SlotOwners = p.SlotOwners[:c.slotsBefore]
			p.Favors[pb.Broker_BROKER_STEPHANIE_ST_CLAIR] = c.stClair
			var barrels []*pb.Barrels
			if c.gin > 0 {
				barrels = append(barrels, bar(gin, c.gin))
			}
			if c.whisky > 0 {
				barrels = append(barrels, bar(whisky, c.whisky))
			}
			run(t, s, 0, unload(hellsKit, barrels...))
			if p.Cash != 1000+c.cash || len(s.Heat) != c.heatMarkers {
				t.Errorf("cash %d heat %v", p.Cash, s.Heat)
			}
			if len(p.SlotOwners) != c.slotsAfter && !(c.slotsAfter == 0 && p.LaidLow) {
				t.Errorf("slots %d, want %d", len(p.SlotOwners), c.slotsAfter)
			}
		})
	}
}

func TestUnloadRefusals(t *testing.T) {
	s := cleared(t, 2)
	put(s, 0, harlem, 1, 0, false)
	s.dist(harlem).Barrels[gin] = 2
	refused(t, s, 0, unload(harlem, bar(gin, 1)), ReasonNotASpeakeasy)
	refused(t, s, 0, unload(coney, bar(gin, 1)), ReasonNotYourTurf)
	put(s, 0, hellsKit, 1, 0, false)
	refused(t, s, 0, unload(hellsKit, bar(gin, 1)), ReasonNothingToUnload)
	s.Seats[0].SlotOwners = s.Seats[0].SlotOwners[:1]
	s.Seats[0].Stash += 4
	s.dist(hellsKit).Barrels[gin] = 1
	// "These Plays cost two Influence markers to perform"
	refused(t, s, 0, unload(hellsKit, bar(gin, 1)), ReasonNotEnoughInfluence)
}
