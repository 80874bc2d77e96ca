package kingdom

import (
	"github.com/moonshine-games/moonshine/engine/kingdom/printed"
	"slices"
	"testing"

	"github.com/moonshine-games/moonshine/engine"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
)

// Each test quotes the sentence of "The Blood Oath: 4-Player Team Variant"
// it checks.

// oath returns a cleared 4-player Blood Oath table.
func oath(t *testing.T) *state {
	s := cleared(t, 4)
	s.Opts = &pb.Options{BloodOath: true}
	s.Crackdown = 1
	return s
}

// allied pairs 0 with 1 and 2 with 3.
func allied(s *state) {
	s.Partner = [printed.MaxSeats]int{1, 0, 3, 2}
}

func TestBloodOathSetup(t *testing.T) {
	// "Set up the game exactly as a standard 4-player match, with one
	// addition: Place the Federal Crackdown Tracker near the Heat Track, with
	// a tracking token on the first space."
	g, _, err := engine.Start(Rules{}, engine.Config{Players: 4, Options: &pb.Options{BloodOath: true}}, seedOf(1))
	if err != nil {
		t.Fatal(err)
	}
	if s := g.State.(*state); s.Crackdown != 1 || s.View(engine.SpectatorViewer()).(*pb.View).Crackdown != 1 {
		t.Fatalf("crackdown %d", s.Crackdown)
	}
	_, _, err = engine.Start(Rules{}, engine.Config{Players: 3, Options: &pb.Options{BloodOath: true}}, seedOf(1))
	if re, ok := engine.AsRuleError(err); !ok || re.Reason != engine.ReasonBadOptions {
		t.Fatalf("3-player Blood Oath: %v", err)
	}
}

func TestCrackdownAndSitDown(t *testing.T) {
	// "Every time a Police Raid triggers (whether by a player using the Rat
	// Play or the Heat Track hitting Boiling Point), advance the crackdown
	// token one space."
	s := oath(t)
	s.Heat = []int{3}
	s.Seats[3].Stash--
	run(t, s, 0, cmd(&pb.Rat{}))
	if s.Crackdown != 2 || s.Partner[0] != none {
		t.Fatalf("crackdown %d", s.Crackdown)
	}
	// "The moment the token reaches space 10 on the Crackdown Tracker, the
	// underworld snaps. ... Rank the Bosses: Tally everyone's current
	// Respect (scoring held Titles and completed Contracts). Tiebreaker:
	// Total Cash on hand. Forge the Families: The player in 1st Place joins
	// forces with the player in 4th Place. The player in 2nd Place pairs with
	// the player in 3rd Place."
	s = oath(t)
	s.Crackdown = 9
	s.Heat = []int{3}
	s.Seats[3].Stash--
	s.WardBoss = 2                                // 3 Respect
	s.Seats[1].Cash, s.Seats[3].Cash = 5000, 4000 // 0 Respect each, 1 richer
	s.Seats[0].Cash = 0
	run(t, s, 0, cmd(&pb.Rat{}))
	// Ranking: 2 (3 Respect), 1 ($5,000), 3 ($4,000), 0 ($0): 2 with 0, 1
	// with 3.
	if s.Crackdown != 10 || s.Partner != [printed.MaxSeats]int{2, 3, 0, 1} {
		t.Fatalf("crackdown %d partners %v", s.Crackdown, s.Partner)
	}
	if v := s.View(engine.SpectatorViewer()).(*pb.View); len(v.Partners) != 4 || v.Partners[2] != 0 {
		t.Fatalf("view partners %v", v.Partners)
	}
}

func TestSeparateLedgers(t *testing.T) {
	// "Separate Ledgers: You do not share Cash, Influence, Contracts, or
	// Hand Limits. You still take individual turns in Turn Order."
	s := oath(t)
	allied(s)
	s.Seats[0].Cash, s.Seats[1].Cash = 100, 5000
	refused(t, s, 0, cmd(&pb.GiveCash{To: 2, Amount: 200}), ReasonNotEnoughCash)
	// A marker lent by the partner is not the borrower's to lend on.
	unslot(s, 1)
	s.Seats[0].SlotOwners = s.Seats[0].SlotOwners[1:]
	s.Seats[1].SlotOwners = []int{0}
	refused(t, s, 1, lendCmd(2, 1), ReasonNotEnoughInfluence)
	// Texas Guinan's Favor widens its holder's hand only.
	s.Seats[1].Favors[pb.Broker_BROKER_TEXAS_GUINAN] = true
	if s.handLimit(0) != 3 || s.handLimit(1) != 5 {
		t.Fatalf("hand limits %d %d", s.handLimit(0), s.handLimit(1))
	}
	// Seat 0 steps off the street: the Play goes to its partner, then to
	// the rival after it, in Turn Order.
	run(t, s, 0, cmd(&pb.LayLow{}))
	if s.Current != 1 {
		t.Fatalf("the Play went to seat %d", s.Current)
	}
	run(t, s, 1, cmd(&pb.LayLow{}))
	if s.Current != 2 {
		t.Fatalf("the Play went to seat %d", s.Current)
	}
}

func TestPartnersPuppeteerAndPush(t *testing.T) {
	// "Puppeteering: ... You may freely move Influence to your partner's
	// Operations board to fund their turn" — in any phase.
	s := oath(t)
	allied(s)
	s.Phase = pb.Phase_PHASE_GREASE
	s.Seats[1].SlotOwners, s.Seats[1].Stash = nil, s.Seats[1].Stash+5
	run(t, s, 0, lendCmd(1, 2))
	refused(t, s, 0, lendCmd(2, 1), ReasonNotOperations)
	// "If you Push Liquor into their District, it instantly becomes their
	// property."
	s = oath(t)
	allied(s)
	put(s, 0, harlem, 1, 0, false)
	put(s, 1, hellsKit, 1, 0, false)
	s.dist(harlem).Barrels[gin] = 2
	run(t, s, 0, push(harlem, hellsKit, bar(gin, 2)))
	if s.held(1, gin) != 2 {
		t.Fatal("the pushed gin is not the partner's")
	}
}

func scoreCards(n int) []int { return printed.DeckOf(score)[:n] }

func TestAllianceWin(t *testing.T) {
	// "To win the game, an Alliance must collectively possess at least 1
	// Commission Card (earned by either partner) and reach a Combined Total
	// of 35 Respect." "The Capo di Tutti Capi: ... the player who contributed
	// the most Respect to the final combined total is declared the Boss of
	// Bosses".
	s := oath(t)
	allied(s)
	cards := scoreCards(7)
	s.Seats[0].Completed, s.Seats[1].Completed = cards[:3], cards[3:6] // 15 + 15
	s.Seats[1].Commission = true
	b := decision(s)
	if b.winCheck() {
		t.Fatal("30 combined Respect won")
	}
	s.Seats[0].Completed = cards[:4] // 20 + 15
	s.Seats[2].Commission = true     // 20 Respect alone no longer wins
	s.Seats[2].Completed = nil
	b = decision(s)
	if !b.winCheck() {
		t.Fatal("35 combined Respect and a Commission did not win")
	}
	o := b.State().Outcome()
	if len(o.Winners) != 2 || o.Winners[0] != 0 || o.Winners[1] != 1 {
		t.Fatalf("outcome %+v", o)
	}
}

func TestAllianceRespectOption(t *testing.T) {
	// The table option alliance_respect_to_win lowers the printed "Combined
	// Total of 35 Respect" for short games; the Commission is still needed.
	s := oath(t)
	s.Opts.AllianceRespectToWin = 30
	allied(s)
	cards := scoreCards(7)
	s.Seats[0].Completed, s.Seats[1].Completed = cards[:3], cards[3:6] // 15 + 15
	if decision(s).winCheck() {
		t.Fatal("30 combined Respect won without a Commission")
	}
	s.Seats[1].Commission = true
	if !decision(s).winCheck() {
		t.Fatal("30 combined Respect and a Commission did not win at a target of 30")
	}
}

func TestSitDownRanksTitlesAndContracts(t *testing.T) {
	// "Rank the Bosses: Tally everyone's current Respect (scoring held Titles
	// and completed Contracts). Tiebreaker: Total Cash on hand." The Rat Card
	// ("Subtract 3 Respect if you are stuck holding the Rat Card at the end
	// of the game") and unpaid Marks ("at the final Reckoning costs you -1
	// Respect") are end-of-game scoring: they do not enter the ranking.
	s := oath(t)
	s.Crackdown = 9
	s.Heat = []int{3}
	s.Seats[3].Stash--
	s.Deeds[manhattan] = 0 // 3 Respect; the Rat and a Mark would make it -1
	s.Seats[0].Loans = 1
	s.Seats[0].Cash = 100
	s.Seats[1].Completed, s.Decks[gig].Draw = []int{1}, s.Decks[gig].Draw[1:] // a Gig: 1 Respect
	s.Seats[1].Cash = 9000
	s.Seats[2].Cash = 5000
	s.Syndicates[gin] = 3 // 2 Respect
	s.Seats[3].Cash = 0
	evs := run(t, s, 0, cmd(&pb.Rat{}))
	// Ranking: 0 (3), 3 (2), 1 (1), 2 (0): 0 with 2, 3 with 1. By the
	// end-of-game tally seat 0 (-1) would rank last.
	sd, _ := find(evs, (*pb.Event).GetSitDown, func(x *pb.SitDown) bool { return x == nil })
	if !slices.Equal(sd.GetRanking(), []uint32{0, 3, 1, 2}) || s.respect(0) != -1 || s.Partner != [printed.MaxSeats]int{2, 3, 0, 1} {
		t.Fatalf("ranking %v, respect %d, partners %v", sd.GetRanking(), s.respect(0), s.Partner)
	}
}
