package bootleggers_test

import (
	"crypto/sha256"
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"

	"google.golang.org/protobuf/proto"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/bootleggers"
	"github.com/moonshine-games/moonshine/engine/bootleggers/strategy"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
)

// A lean seeded simulation: whole games with a policy at every seat, each
// choosing from its own seat's view and prompt, without the playtest
// harness's per-step checks (the watched games of the other tests make
// those), for the balance figures of docs/rules/bootleggers.md.

// outcome is one simulated game.
type outcome struct {
	money    []int // by seat
	winner   int
	reason   pb.EndReason
	round    int
	commands int
	trades   int // offers accepted
	// casinos counts the casinos each seat redeveloped (Boardwalk), first
	// the round of the first; ownerPay, gambling and idleGambling are the
	// casino owners' takings: the payout on crates, the gambling profit,
	// and the part of it rolled by casinos with no truck in line (ruling 82).
	casinos                          []int
	casinoPlaces                     int // a bit per drinking place
	firstCasino                      int
	ownerPay, gambling, idleGambling int
}

// simulate plays one game to its end; with watched set, the watcher
// (everything but the views) checks the game after every event.
func simulate(players int, opts *pb.Options, seed []byte, policies []engine.Policy, watched bool) (outcome, error) {
	g, setup, err := engine.Start(bootleggers.SetupAnyRules{}, engine.Config{Players: players, Options: opts}, seed)
	if err != nil {
		return outcome{}, err
	}
	var w *bootleggers.Watcher
	var log []engine.Recorded
	record := func(evs []engine.Event) error {
		if w == nil {
			return nil
		}
		for _, ev := range evs {
			log = append(log, engine.Recorded{Seq: int64(len(log) + 1), Event: ev})
		}
		return w.Check(g.State, log)
	}
	if watched {
		w = bootleggers.NewLiteWatcher()
		if err := record(setup); err != nil {
			return outcome{}, err
		}
	}
	key := sha256.Sum256(append([]byte("bootleggers/sim\x00"), seed...))
	r := engine.NewRand(key)
	out := outcome{}
	for g.State.Outcome() == nil {
		if out.commands++; out.commands > 5000 {
			return out, fmt.Errorf("no end after %d commands", out.commands)
		}
		seat, cmd := choosePolicy(g.State, policies, r)
		evs, _, err := g.Decide(seat, cmd)
		if err != nil {
			return out, fmt.Errorf("%v's %v refused: %w", seat, cmd, err)
		}
		for _, ev := range evs {
			out.count(players, g.State.View(engine.SpectatorViewer()).(*pb.View).GetRound(), ev.Public.(*pb.Event))
		}
		if err := g.Apply(evs...); err != nil {
			return out, err
		}
		if err := record(evs); err != nil {
			return out, fmt.Errorf("after command %d: %w", out.commands, err)
		}
	}
	res := g.State.View(engine.AuditorViewer()).(*pb.View).GetResult()
	out.money = make([]int, players)
	for _, st := range res.GetStandings() {
		out.money[st.GetSeat()] = int(st.GetMoney())
	}
	out.winner, out.reason, out.round = int(res.GetWinner()), res.GetReason(), int(res.GetRound())
	return out, nil
}

// count tallies one public event of round into the outcome.
func (o *outcome) count(players int, round int32, e *pb.Event) {
	if o.casinos == nil {
		o.casinos = make([]int, players)
	}
	switch k := e.Kind.(type) {
	case *pb.Event_TradeAnswered:
		if k.TradeAnswered.GetAccepted() {
			o.trades++
		}
	case *pb.Event_CasinoRedeveloped:
		if o.casinos[k.CasinoRedeveloped.GetSeat()]++; o.firstCasino == 0 {
			o.firstCasino = int(round)
		}
		o.casinoPlaces |= 1 << k.CasinoRedeveloped.GetPlace()
	case *pb.Event_WhiskeySold:
		if s := k.WhiskeySold; o.casinoPlaces&(1<<s.GetPlace()) != 0 {
			o.ownerPay += int(s.GetOwnerBonus())
			o.gambling += int(s.GetGamblingProfit())
			if len(s.GetSales()) == 0 {
				o.idleGambling += int(s.GetGamblingProfit())
			}
		}
	}
}

// choosePolicy picks the seat to act (an answer to a trade first, as a
// client would, else one of the seats that must act) and its policy's
// command, from that seat's view.
func choosePolicy(st engine.State, policies []engine.Policy, r *engine.Rand) (engine.Seat, proto.Message) {
	var must []engine.Prompt
	for _, p := range st.Prompts() {
		if len(p.Legal) == 0 {
			continue
		}
		if !p.MustAct {
			// A prompt nobody must answer: the policy may let it pass.
			if c := policies[int(p.Seat)%len(policies)].Choose(st.View(engine.SeatViewer(p.Seat)), p, r); c != nil {
				return p.Seat, c
			}
			continue
		}
		must = append(must, p)
	}
	p := must[r.IntN(len(must))]
	return p.Seat, policyCommand(st, policies, p, r)
}

func policyCommand(st engine.State, policies []engine.Policy, p engine.Prompt, r *engine.Rand) proto.Message {
	if c := policies[int(p.Seat)%len(policies)].Choose(st.View(engine.SeatViewer(p.Seat)), p, r); c != nil {
		return c
	}
	return p.Legal[r.IntN(len(p.Legal))]
}

// table is a set of simulated games of one kind.
type table struct {
	games []outcome
	// styles are the seats' styles (nil: Balanced everywhere).
	styles []strategy.Style
}

// run plays n games of players seats, the styles rotated over the seats
// game by game so that no seat position favours a style; watched checks
// every event (simulate).
func run(players, n int, opts *pb.Options, styles []strategy.Style, tag string, watched bool) (table, error) {
	t := table{styles: styles}
	for i := range n {
		policies := make([]engine.Policy, players)
		seatStyles := make([]strategy.Style, players)
		for s := range players {
			if len(styles) > 0 {
				seatStyles[s] = styles[(s+i)%len(styles)]
			}
			policies[s] = strategy.Policy{Style: seatStyles[s]}
		}
		o, err := simulate(players, opts, []byte(fmt.Sprintf("bootleggers/%s/%d/%d", tag, players, i)), policies, watched)
		if err != nil {
			return t, fmt.Errorf("%s, %d players, game %d: %w", tag, players, i, err)
		}
		o.winner = o.winner<<8 | int(seatStyles[o.winner])
		t.games = append(t.games, o)
	}
	return t, nil
}

// winnerSeat and winnerStyle unpack outcome.winner as run packs it.
func winnerSeat(o outcome) int             { return o.winner >> 8 }
func winnerStyle(o outcome) strategy.Style { return strategy.Style(o.winner & 0xff) }

// stats sums up a table.
type stats struct {
	games                    int
	money                    quantiles // every seat's final money
	winner                   quantiles // the winner's money
	margin                   quantiles // winner minus second
	marginShare              float64   // mean margin / winner's money
	moneyEnd                 float64   // share of games ended by the money end
	endRound                 float64   // mean last round
	trades                   float64   // accepted trades per game
	seatWins                 []float64 // win share by seat position
	styleWins, styleSeats    map[strategy.Style]int
	styleMoney               map[strategy.Style]int
	players, commandsPerGame int
	moneyEndRounds           map[int]int
	lastPlace                quantiles
	zeroSeats                int
}

// quantiles holds a distribution's mean and deciles.
type quantiles struct {
	mean, p10, p50, p90, min, max float64
}

func quantilesOf(xs []float64) quantiles {
	if len(xs) == 0 {
		return quantiles{}
	}
	s := slices.Clone(xs)
	sort.Float64s(s)
	q := func(p float64) float64 { return s[int(math.Round(p*float64(len(s)-1)))] }
	sum := 0.0
	for _, x := range s {
		sum += x
	}
	return quantiles{mean: sum / float64(len(s)), p10: q(0.1), p50: q(0.5), p90: q(0.9), min: s[0], max: s[len(s)-1]}
}

func (q quantiles) String() string {
	return fmt.Sprintf("mean %.1f, p10 %.0f, median %.0f, p90 %.0f (min %.0f, max %.0f)", q.mean, q.p10, q.p50, q.p90, q.min, q.max)
}

func summarise(t table, players int) stats {
	st := stats{games: len(t.games), players: players, seatWins: make([]float64, players),
		styleWins: map[strategy.Style]int{}, styleSeats: map[strategy.Style]int{}, styleMoney: map[strategy.Style]int{},
		moneyEndRounds: map[int]int{}}
	var money, winner, margin, last []float64
	share, commands := 0.0, 0
	for i, g := range t.games {
		sorted := slices.Clone(g.money)
		slices.Sort(sorted)
		slices.Reverse(sorted)
		for s, m := range g.money {
			money = append(money, float64(m))
			if m == 0 {
				st.zeroSeats++
			}
			style := strategy.Balanced
			if len(t.styles) > 0 {
				style = t.styles[(s+i)%len(t.styles)]
			}
			st.styleSeats[style]++
			st.styleMoney[style] += m
		}
		winner = append(winner, float64(sorted[0]))
		last = append(last, float64(sorted[len(sorted)-1]))
		margin = append(margin, float64(sorted[0]-sorted[1]))
		if sorted[0] > 0 {
			share += float64(sorted[0]-sorted[1]) / float64(sorted[0])
		}
		if g.reason == pb.EndReason_END_REASON_MONEY {
			st.moneyEnd++
			st.moneyEndRounds[g.round]++
		}
		st.endRound += float64(g.round)
		st.trades += float64(g.trades)
		st.seatWins[winnerSeat(g)]++
		st.styleWins[winnerStyle(g)]++
		commands += g.commands
	}
	n := float64(len(t.games))
	st.money, st.winner, st.margin, st.lastPlace = quantilesOf(money), quantilesOf(winner), quantilesOf(margin), quantilesOf(last)
	st.marginShare, st.moneyEnd, st.endRound, st.trades = share/n, st.moneyEnd/n, st.endRound/n, st.trades/n
	for i := range st.seatWins {
		st.seatWins[i] /= n
	}
	st.commandsPerGame = commands / len(t.games)
	return st
}

func (st stats) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d players, %d games (%d commands a game):\n", st.players, st.games, st.commandsPerGame)
	fmt.Fprintf(&b, "  final money, every seat: %v\n", st.money)
	fmt.Fprintf(&b, "  the winner's money: %v\n", st.winner)
	fmt.Fprintf(&b, "  the last seat's money: %v\n", st.lastPlace)
	fmt.Fprintf(&b, "  winner's margin over the second: %v; %.0f%% of the winner's money on average\n", st.margin, 100*st.marginShare)
	fmt.Fprintf(&b, "  money end: %.0f%% of games (by round: %v); mean last round %.1f\n", 100*st.moneyEnd, st.moneyEndRounds, st.endRound)
	fmt.Fprintf(&b, "  trades accepted a game: %.2f; wins by seat position: %s\n", st.trades, percents(st.seatWins))
	return b.String()
}

func percents(xs []float64) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = fmt.Sprintf("%.0f%%", 100*x)
	}
	return strings.Join(parts, " ")
}
