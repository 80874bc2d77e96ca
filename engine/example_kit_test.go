package engine_test

import (
	"fmt"
	"slices"

	"google.golang.org/protobuf/proto"

	"github.com/moonshine-games/moonshine/engine"
	hb "github.com/moonshine-games/moonshine/proto/moonshine/highbid/v1"
)

// This file is a whole game on the kit: High Bid (proto/moonshine/highbid/v1).
// Each seat is dealt a secret purse; every round shows a prize of 1 to 6
// points, every seat seals a bid, and once the last bid is in they are
// revealed together: the one highest bid wins the prize and pays. A tie
// sells nothing. After the last round the most points win.
//
// What the kit does for it: engine.Start checks the table size;
// engine.Decider prechecks every command (set up, not over, the game's own
// command, a seat at the table, a seat the game awaits) and runs the rule
// on an engine.Decision, which applies each event to a copy of the state
// with the same Apply replay uses, or only checks, for the prompts' legal
// lists; engine.Sealed and engine.Seal keep the bids sealed until the last
// one; engine.KindsOf wraps event kinds; engine.Module bundles the game.

// highBid is the game's Rules.
type highBid struct{}

var (
	hbEvents = engine.KindsOf(&hb.Event{})
	// hbDecider is the game's one decision procedure: precheck, then bid.
	hbDecider = engine.Decider[*bidState, *hb.Command]{Game: "High Bid", Rule: bid}
)

func (highBid) Name() string              { return "high-bid" }
func (highBid) Players() (int, int)       { return 2, 4 }
func (highBid) NewOptions() proto.Message { return &hb.Options{} }
func (highBid) NewCommand() proto.Message { return &hb.Command{} }
func (highBid) NewEvent() proto.Message   { return &hb.Event{} }
func (highBid) NewState() engine.State    { return &bidState{} }

// Setup records the table, deals each seat a secret purse of 8 to 12
// coins, and shows the first prize. engine.Start has checked the players.
func (highBid) Setup(cfg engine.Config, rng *engine.Rand) ([]engine.Event, error) {
	rounds := int32(3)
	if cfg.Options != nil {
		o, ok := cfg.Options.(*hb.Options)
		if !ok || o.Rounds < 0 || o.Rounds > 9 {
			return nil, engine.Malform(engine.ReasonBadOptions, "rounds must be 1 to 9")
		}
		rounds = cmp(o.Rounds, rounds)
	}
	deal := engine.PublicEvent(hbEvents.Wrap(&hb.GameStarted{Players: int32(cfg.Players), Rounds: rounds}))
	for seat := range cfg.Players {
		purse := hbEvents.Wrap(&hb.PurseDealt{Seat: int32(seat), Coins: int32(8 + rng.IntN(5))})
		deal.Private = append(deal.Private, engine.PrivateTo(purse, engine.Seat(seat)))
	}
	return []engine.Event{deal, publicHB(&hb.RoundStarted{Round: 1, Prize: int32(rng.Die(6))})}, nil
}

// cmp returns v, or def when v is zero.
func cmp(v, def int32) int32 {
	if v == 0 {
		return def
	}
	return v
}

func publicHB(kind proto.Message) engine.Event { return engine.PublicEvent(hbEvents.Wrap(kind)) }

// bidState is the folded state. Apply is its only mutator.
type bidState struct {
	players, rounds int
	round, prize    int
	purses, points  []int
	bids            engine.Sealed[int32]
	last            []int32 // the bids revealed last round
	over            bool
}

func (s *bidState) Clone() engine.State {
	c := *s
	c.purses, c.points, c.last = slices.Clone(s.purses), slices.Clone(s.points), slices.Clone(s.last)
	c.bids = s.bids.Clone()
	return &c
}

func (s *bidState) sealed() *engine.Sealed[int32] { return &s.bids }

// Apply is the one exhaustive switch over the event kinds: an unknown kind
// is an error, never skipped (playtest.CheckApplyCoversKinds checks it).
func (s *bidState) Apply(body proto.Message) error {
	e, ok := body.(*hb.Event)
	if !ok {
		return fmt.Errorf("high-bid: foreign body %T", body)
	}
	switch k := e.Kind.(type) {
	case *hb.Event_GameStarted:
		s.players, s.rounds = int(k.GameStarted.Players), int(k.GameStarted.Rounds)
		s.purses, s.points = make([]int, s.players), make([]int, s.players)
	case *hb.Event_PurseDealt:
		return s.withSeat(k.PurseDealt.Seat, func(i int) { s.purses[i] = int(k.PurseDealt.Coins) })
	case *hb.Event_RoundStarted:
		s.round, s.prize = int(k.RoundStarted.Round), int(k.RoundStarted.Prize)
		s.bids.Open(s.players)
	case *hb.Event_BidSealed:
		return s.bids.Chose(engine.Seat(k.BidSealed.Seat))
	case *hb.Event_BidMade:
		return s.bids.Hold(engine.Seat(k.BidMade.Seat), k.BidMade.Coins)
	case *hb.Event_BidsRevealed:
		s.last = slices.Clone(k.BidsRevealed.Coins)
		s.bids.Close()
	case *hb.Event_PrizeWon:
		return s.withSeat(k.PrizeWon.Seat, func(i int) {
			s.points[i] += int(k.PrizeWon.Points)
			s.purses[i] -= int(k.PrizeWon.Paid)
		})
	case *hb.Event_GameEnded:
		s.over = true
	default:
		return engine.UnknownEvent(body)
	}
	return nil
}

func (s *bidState) withSeat(seat int32, f func(int)) error {
	if seat < 0 || int(seat) >= s.players {
		return fmt.Errorf("high-bid: seat %d out of range", seat)
	}
	f(int(seat))
	return nil
}

// PlayerCount, Outcome and Awaits are what the precheck reads.
func (s *bidState) PlayerCount() int { return s.players }

func (s *bidState) Awaits(seat engine.Seat, _ *hb.Command) *engine.RuleError {
	return s.bids.Check(seat, "a bid")
}

func (s *bidState) Outcome() *engine.Outcome {
	if !s.over {
		return nil
	}
	best := slices.Max(s.points)
	o := &engine.Outcome{Scores: slices.Clone(s.points), Summary: fmt.Sprintf("%d points win", best)}
	for i, p := range s.points {
		if p == best {
			o.Winners = append(o.Winners, engine.Seat(i))
		}
	}
	return o
}

func (s *bidState) Decide(seat engine.Seat, cmd proto.Message, rng *engine.Rand) ([]engine.Event, engine.State, error) {
	return hbDecider.Decide(s, seat, cmd, rng)
}

// bid is the game's rule: check, stop there in a check, else seal the bid
// and, after the last one, sell the prize.
func bid(d *engine.Decision[*bidState], seat engine.Seat, c *hb.Command) *engine.RuleError {
	s, coins := d.State(), c.GetBid().GetCoins()
	if coins < 0 || int(coins) > s.purses[seat] {
		return engine.Refuse("NOT_ENOUGH_COINS", "bid 0 to %d coins", s.purses[seat])
	}
	if d.Checking() {
		return nil
	}
	chosen := hbEvents.Wrap(&hb.BidSealed{Seat: int32(seat)})
	made := hbEvents.Wrap(&hb.BidMade{Seat: int32(seat), Coins: coins})
	if engine.Seal(d, (*bidState).sealed, seat, chosen, made, reveal) {
		sell(d)
	}
	return nil
}

// reveal shows every sealed bid, by seat.
func reveal(s *bidState) proto.Message {
	out := &hb.BidsRevealed{}
	for i := range s.players {
		out.Coins = append(out.Coins, s.bids.Choice(engine.Seat(i)))
	}
	return hbEvents.Wrap(out)
}

// sell gives the prize to the one highest bid, then starts the next round
// (its prize rolled now, recorded in the event) or ends the game.
func sell(d *engine.Decision[*bidState]) {
	s := d.State()
	if top := slices.Max(s.last); count(s.last, top) == 1 {
		seat := slices.Index(s.last, top)
		d.Emit(publicHB(&hb.PrizeWon{Seat: int32(seat), Points: int32(s.prize), Paid: top}))
	}
	if s.round == s.rounds {
		d.Emit(publicHB(&hb.GameEnded{}))
		return
	}
	d.Emit(publicHB(&hb.RoundStarted{Round: int32(s.round + 1), Prize: int32(d.Rand().Die(6))}))
}

func count(xs []int32, x int32) int {
	n := 0
	for _, v := range xs {
		if v == x {
			n++
		}
	}
	return n
}

// Prompts asks every seat that has not bid; its legal bids are those the
// rule accepts, found by checks.
func (s *bidState) Prompts() []engine.Prompt {
	if s.players == 0 || s.over {
		return nil
	}
	var out []engine.Prompt
	for _, seat := range s.bids.Waiting() {
		p := engine.Prompt{Seat: seat, MustAct: true, Reason: "bid", Detail: fmt.Sprintf("bid for a prize of %d points", s.prize)}
		for coins := range int32(s.purses[seat] + 2) {
			if c := bidCmd(coins); hbDecider.Accepts(s, seat, c) {
				p.Legal = append(p.Legal, c)
			}
		}
		out = append(out, p)
	}
	return out
}

func bidCmd(coins int32) *hb.Command {
	return &hb.Command{Kind: &hb.Command_Bid{Bid: &hb.Bid{Coins: coins}}}
}

// View shows a seat its own purse and bid; everyone sees points, who has
// bid and the last bids revealed.
func (s *bidState) View(v engine.Viewer) proto.Message {
	out := &hb.View{Players: int32(s.players), Round: int32(s.round), Prize: int32(s.prize), LastBids: slices.Clone(s.last)}
	for i := range s.players {
		out.Points = append(out.Points, int32(s.points[i]))
		out.HasBid = append(out.HasBid, s.bids.HasChosen(engine.Seat(i)))
	}
	if v.Kind == engine.Player {
		out.Purse = proto.Int32(int32(s.purses[v.Seat]))
		if s.bids.HasChosen(v.Seat) {
			out.Bid = proto.Int32(s.bids.Choice(v.Seat))
		}
	}
	return out
}

// hbLabels names commands and events from the message alone.
type hbLabels struct{}

func (hbLabels) Command(_ engine.Viewer, cmd proto.Message) string {
	return "bid " + plural(cmd.(*hb.Command).GetBid().GetCoins(), "coin")
}

// plural counts things: "1 coin", "4 coins".
func plural(n int32, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
}

func (hbLabels) Template(_ engine.Viewer, t engine.Template) string { return t.Description }

func (hbLabels) Event(v engine.Viewer, body proto.Message) string {
	switch k := body.(*hb.Event).Kind.(type) {
	case *hb.Event_GameStarted:
		return fmt.Sprintf("%d players, %d rounds", k.GameStarted.Players, k.GameStarted.Rounds)
	case *hb.Event_PurseDealt:
		return fmt.Sprintf("%s purse: %s", v.Possessive(engine.Seat(k.PurseDealt.Seat)), plural(k.PurseDealt.Coins, "coin"))
	case *hb.Event_RoundStarted:
		return fmt.Sprintf("round %d: a prize of %s", k.RoundStarted.Round, plural(k.RoundStarted.Prize, "point"))
	case *hb.Event_BidSealed:
		return v.Name(engine.Seat(k.BidSealed.Seat)) + " sealed a bid"
	case *hb.Event_BidMade:
		return fmt.Sprintf("%s bid %s", v.Name(engine.Seat(k.BidMade.Seat)), plural(k.BidMade.Coins, "coin"))
	case *hb.Event_BidsRevealed:
		return fmt.Sprintf("bids: %v", k.BidsRevealed.Coins)
	case *hb.Event_PrizeWon:
		return fmt.Sprintf("%s won %s for %s", v.Name(engine.Seat(k.PrizeWon.Seat)), plural(k.PrizeWon.Points, "point"), plural(k.PrizeWon.Paid, "coin"))
	case *hb.Event_GameEnded:
		return "game over"
	}
	return "?"
}

// highBidModule is the game as the platform registers it.
func highBidModule() engine.Module {
	return engine.Module{
		Rules: highBid{}, Title: "High Bid", Labels: hbLabels{}, RulesVersion: "1",
		Takebacks: &engine.KindChain{Draws: engine.KindSet("game_started", "round_started"),
			Reveals: engine.KindSet("bids_revealed"), Own: engine.KindSet("bid_made")},
		Variants: []engine.Variant{
			{Name: "standard", Title: "Three prizes", MinPlayers: 2, MaxPlayers: 4},
			{Name: "long", Title: "Nine prizes", MinPlayers: 2, MaxPlayers: 4, Options: &hb.Options{Rounds: 9}},
		},
	}
}

// A toy game written on the kit: three seats play High Bid; seat 0 bids a
// quarter of its purse, seat 1 half and seat 2 three quarters. Seat 0 reads
// every event it may see by its labels: its own purse and bids, and of the
// others only that they bid, until the bids are revealed.
func Example() {
	m := highBidModule()
	cfg, err := m.Table("standard", 3)
	if err != nil {
		panic(err)
	}
	g, opening, err := engine.Start(m.Rules, cfg, []byte("an example seed"))
	if err != nil {
		panic(err)
	}
	me := engine.SeatViewer(0)
	show := func(evs []engine.Event) {
		for _, ev := range evs {
			for _, body := range ev.For(me).Bodies() {
				fmt.Println(m.Labels.Event(me, body))
			}
		}
	}
	show(opening)
	for g.State.Outcome() == nil {
		p := g.State.Prompts()[0]
		cmd := p.Legal[(len(p.Legal)-1)*(int(p.Seat)+1)/4]
		evs, _, err := g.Decide(p.Seat, cmd)
		if err != nil {
			panic(err)
		}
		if err := g.Apply(evs...); err != nil {
			panic(err)
		}
		show(evs)
	}
	fmt.Println(g.State.Outcome().Summary, g.State.Outcome().Winners)
	// Output:
	// 3 players, 3 rounds
	// your purse: 9 coins
	// round 1: a prize of 1 point
	// you sealed a bid
	// you bid 2 coins
	// seat 1 sealed a bid
	// seat 2 sealed a bid
	// bids: [2 5 8]
	// seat 2 won 1 point for 8 coins
	// round 2: a prize of 4 points
	// you sealed a bid
	// you bid 2 coins
	// seat 1 sealed a bid
	// seat 2 sealed a bid
	// bids: [2 5 2]
	// seat 1 won 4 points for 5 coins
	// round 3: a prize of 1 point
	// you sealed a bid
	// you bid 2 coins
	// seat 1 sealed a bid
	// seat 2 sealed a bid
	// bids: [2 3 2]
	// seat 1 won 1 point for 3 coins
	// game over
	// 5 points win [seat 1]
}
