package kingdom

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"github.com/moonshine-games/moonshine/engine/kingdom/printed"
	"slices"
	"sync"
	"testing"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/playtest"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
	"google.golang.org/protobuf/proto"
)

// A seeded random-legal-move bot plays whole Days through the engine and
// checks the invariants after every event.

func seedOf(n uint64) []byte {
	seed := make([]byte, engine.SeedSize)
	binary.BigEndian.PutUint64(seed, n)
	return seed
}

type simResult struct {
	days, steps, events int
	over                bool
}

// tally counts what a game reached, for the coverage floors of the tests.
type tally struct {
	games, oathGames, days, steps, events int
	// fights are Moves into Hostile turf, oathFights those after a
	// Sit-Down (between rivals: partners never fight), partnerRefused the
	// commands refused for ending a Phase with mobsters in a partner's
	// District; sitDowns the Blood Oath games that reached their Sit-Down;
	// favors the Favors bought; lost the Favors lost to broken deals; guests
	// the Moves into a partner's District, stranded the Phases ended with
	// mobsters still there, handovers the fights whose defence passed to
	// the Occupier's partner.
	fights, oathFights, partnerRefused, raids, sitDowns, favors, lost, guests, stranded, handovers, ended int
}

func (a *tally) add(b tally) {
	a.games += b.games
	a.oathGames += b.oathGames
	a.days += b.days
	a.steps += b.steps
	a.events += b.events
	a.fights += b.fights
	a.oathFights += b.oathFights
	a.partnerRefused += b.partnerRefused
	a.raids += b.raids
	a.sitDowns += b.sitDowns
	a.favors += b.favors
	a.lost += b.lost
	a.guests += b.guests
	a.stranded += b.stranded
	a.handovers += b.handovers
	a.ended += b.ended
}

func (a tally) String() string {
	return fmt.Sprintf("%d games (%d Blood Oath), %d Days, %d commands, %d events; %d fights (%d after a Sit-Down), %d Raids, "+
		"%d Sit-Downs, %d Moves into a partner's District, %d commands refused there, %d Phases ended there, %d defences handed to a partner, "+
		"%d Favors bought, %d lost to broken deals, %d games ended",
		a.games, a.oathGames, a.days, a.steps, a.events, a.fights, a.oathFights, a.raids,
		a.sitDowns, a.guests, a.partnerRefused, a.stranded, a.handovers, a.favors, a.lost, a.ended)
}

// count tallies one public event, applied to s.
func (a *tally) count(s *state, e *pb.Event) {
	switch {
	case e.GetMoved().GetHostile():
		a.fights++
		if s.Partner[0] != none {
			a.oathFights++
		}
	case e.GetRaidStarted() != nil:
		a.raids++
	case e.GetSitDown() != nil:
		a.sitDowns++
	case e.GetBribed() != nil:
		a.favors++
	case e.GetDealBroken() != nil:
		a.lost++
	case len(e.GetLaidLow().GetStranded()) > 0:
		a.stranded++
	case e.GetOccupierChanged() != nil:
		a.handovers++
	}
	if m := e.GetMoved(); m != nil && !m.Hostile && s.partnerControls(int(m.Seat), m.To) {
		a.guests++
	}
}

type sim struct {
	t       testing.TB
	g       *engine.Game
	seed    []byte
	bot     *engine.Rand
	log     []engine.Logged
	records []engine.Recorded
	// playHeat counts the violence Heat of the current Play; fightSteps
	// the commands of the current fight.
	playHeat, fightSteps int
	cfg                  engine.Config
	// decides counts the commands decided, for sampling the check that
	// Decide leaves the state alone (step).
	decides int
	// w holds the invariants that span events.
	w     *watcher
	tally tally
}

func newSim(t testing.TB, players int, n uint64) *sim {
	return newSimWith(t, engine.Config{Players: players}, n)
}

// newOathSim is newSim with half of the 4-player games (odd n) in the Blood
// Oath variant, the Sit-Down early (at the first Raid) so that random play
// reaches it.
func newOathSim(t testing.TB, players int, n uint64) *sim {
	cfg := engine.Config{Players: players}
	if players == printed.MaxSeats && n%2 == 1 {
		cfg.Options = &pb.Options{BloodOath: true, SitDownAt: 2}
	}
	return newSimWith(t, cfg, n)
}

// newEndgameSim is newOathSim with Respect targets low enough (10 alone,
// 20 for an Alliance) that random play mostly reaches the end of the game.
func newEndgameSim(t testing.TB, n uint64) *sim {
	opts := &pb.Options{RespectToWin: 10}
	if n%2 == 1 {
		opts.BloodOath, opts.SitDownAt, opts.AllianceRespectToWin = true, 2, 20
	}
	return newSimWith(t, engine.Config{Players: printed.MaxSeats, Options: opts}, n)
}

// verify replays the game from its seed and command log.
func (sm *sim) verify() error {
	return engine.Verify(Module(), sm.cfg, sm.seed, sm.log, sm.records)
}

func newSimWith(t testing.TB, cfg engine.Config, n uint64) *sim {
	seed := seedOf(n)
	g, evs, err := engine.Start(Rules{}, cfg, seed)
	if err != nil {
		t.Fatal(err)
	}
	var k [32]byte
	copy(k[:], seedOf(n^0x5eed))
	sm := &sim{t: t, g: g, seed: seed, bot: engine.NewRand(k), cfg: cfg, w: newWatcher(t, cfg.Players)}
	for i, ev := range evs {
		sm.record(engine.Recorded{Seq: int64(i + 1), Event: ev})
	}
	sm.tally.games = 1
	if sm.state().bloodOath() {
		sm.tally.oathGames = 1
	}
	checkInvariants(t, g.State.(*state), "setup")
	return sm
}

// record logs an applied event and folds it into the ledger and tally.
func (sm *sim) record(r engine.Recorded) {
	sm.records = append(sm.records, r)
	sm.w.fold(r)
	if e, ok := r.Event.Public.(*pb.Event); ok {
		sm.tally.count(sm.state(), e)
	}
}

func (sm *sim) state() *state { return sm.g.State.(*state) }

// run plays until the game ends or the given Day is over.
func (sm *sim) run(days, checkLegalEvery int) simResult {
	var res simResult
	for res.steps = 0; res.steps < 100000; res.steps++ {
		s := sm.state()
		if s.Outcome() != nil || s.Day > days {
			break
		}
		ps := s.Prompts()
		if len(ps) == 0 || !ps[0].MustAct || slices.ContainsFunc(ps[1:], func(p engine.Prompt) bool { return p.MustAct || p.Reason != "answer-deal" }) {
			sm.t.Fatalf("step %d: prompts %v", res.steps, ps)
		}
		p := ps[0]
		if checkLegalEvery > 0 && res.steps%checkLegalEvery == 0 {
			sm.checkLegal(p)
		}
		if sm.bot.IntN(40) == 0 {
			sm.sideStep(&res)
			continue
		}
		c, fromLegal := sm.choose(p)
		sm.step(p.Seat, c, fromLegal, &res)
	}
	res.days = sm.state().Day
	res.over = sm.state().Outcome() != nil
	sm.w.checkLedger(sm.state())
	sm.tally.days += min(res.days, days) // Days played, the last perhaps in part
	sm.tally.steps += res.steps
	sm.tally.events += res.events
	if res.over {
		sm.tally.ended++
	}
	return res
}

// checkPlay holds the combat invariants between commands: a Play begins
// with no fight and no bloodshed pending; a Play draws at most one Heat
// marker for violence; a fight ends within a bounded number of commands.
func (sm *sim) checkPlay(c proto.Message, evs []engine.Event) {
	s := sm.state()
	if stepOf(c.(*pb.Command)) == pb.Awaiting_AWAITING_PLAY {
		if s.Bloodshed {
			sm.t.Fatalf("day %d: bloodshed left over from the last Play", s.Day)
		}
		sm.playHeat = 0
	}
	for _, e := range publicBodies(evs) {
		if e.GetHeatDrawn() != nil {
			sm.playHeat++
		}
	}
	if sm.playHeat > 1 {
		sm.t.Fatalf("day %d: a Play drew %d Heat markers for violence", s.Day, sm.playHeat)
	}
	if s.Fight == nil {
		sm.fightSteps = 0
	} else if side(c.(*pb.Command)) {
		return
	} else if sm.fightSteps++; sm.fightSteps > 2+2*printed.Slots {
		sm.t.Fatalf("day %d: a fight has lasted %d commands", s.Day, sm.fightSteps)
	}
}

// fingerprintEvery samples the decisions whose state the simulations
// fingerprint before and after: one in four. The two fingerprints of the
// whole state (by reflection) cost about a third of a decision with its
// prompts, and the package's simulations decide some 450,000 commands.
const fingerprintEvery = 4

func (sm *sim) step(seat engine.Seat, c proto.Message, fromLegal bool, res *simResult) {
	// Decide must not change the state: compare its exact encoding
	// (playtest.Fingerprint) before and after, for one decision in
	// fingerprintEvery.
	check := sm.decides%fingerprintEvery == 0
	sm.decides++
	var before []byte
	if check {
		before = playtest.Fingerprint(sm.state())
	}
	evs, _, err := sm.g.Decide(seat, c)
	if check && !bytes.Equal(before, playtest.Fingerprint(sm.state())) {
		sm.t.Fatalf("Decide changed the state: %v", c)
	}
	if err != nil {
		if fromLegal {
			sm.t.Fatalf("day %d: legal command refused: %v\n%v", sm.state().Day, err, c)
		}
		re, ok := engine.AsRuleError(err)
		if !ok {
			sm.t.Fatalf("refusal is not a RuleError: %v", err)
		}
		if re.Reason == ReasonGoldenRule {
			sm.tally.partnerRefused++
		}
		return
	}
	first := sm.g.Version + 1
	for i, ev := range evs {
		if err := sm.g.Apply(ev); err != nil {
			sm.t.Fatal(err)
		}
		sm.record(engine.Recorded{Seq: first + int64(i), Event: ev})
		sm.w.check(sm.state(), ev)
	}
	sm.w.checkDay(sm.state())
	sm.log = append(sm.log, engine.Logged{Seat: seat, Command: c, FirstSeq: first, LastSeq: sm.g.Version})
	res.events += len(evs)
	sm.checkPlay(c, evs)
}

// sideCommand picks a Shylock's Mark, a repayment or cash for a rival.
func (sm *sim) sideCommand(seat int) *pb.Command {
	s, r := sm.state(), sm.bot
	p := s.Seats[seat]
	to := (seat + 1 + r.IntN(s.Players-1)) % s.Players
	if c := sm.dealCommand(seat, to); c != nil {
		return c
	}
	switch {
	case s.Phase == pb.Phase_PHASE_OPERATIONS && r.IntN(2) == 0:
		return cmd(&pb.Lend{To: u32(to), Markers: u32(1 + r.IntN(2))})
	case p.Loans > 0 && p.Cash >= s.repayCost(seat) && r.IntN(2) == 0:
		return cmd(&pb.RepayLoan{})
	case p.Cash > 0 && r.IntN(2) == 0:
		return cmd(&pb.GiveCash{To: u32(to), Amount: u32(1 + r.IntN(max(1, p.Cash/4)))})
	}
	return cmd(&pb.TakeLoan{})
}

// sideStep lets a random seat, awaited or not, send a side command, and
// checks that the pending decision is undisturbed.
func (sm *sim) sideStep(res *simResult) {
	s := sm.state()
	seat := sm.bot.IntN(s.Players)
	who, aw := s.awaited()
	sm.step(engine.Seat(seat), sm.sideCommand(seat), false, res)
	if w, a := sm.state().awaited(); w != who || a != aw {
		sm.t.Fatalf("a side command moved the game from %d %v to %d %v", who, aw, w, a)
	}
}

// checkLegal asserts that every listed command is accepted.
func (sm *sim) checkLegal(p engine.Prompt) {
	for _, c := range p.Legal {
		if _, _, err := sm.state().Decide(p.Seat, c, engine.CommandRand(sm.seed, 1)); err != nil {
			sm.t.Fatalf("offered an illegal command %v: %v", c, err)
		}
	}
}

// choose picks a listed command, or now and then fills a template.
func (sm *sim) choose(p engine.Prompt) (proto.Message, bool) {
	r := sm.bot
	if p.Reason == "operations-play" {
		if c, fromLegal := sm.favorPlay(int(p.Seat), p.Legal); c != nil {
			return c, fromLegal
		}
		if c := sm.sitDownPlay(p.Legal); c != nil {
			return c, true
		}
	}
	if len(p.Templates) > 0 && r.IntN(10) < 5 {
		if c := sm.fromTemplate(int(p.Seat), p.Templates[r.IntN(len(p.Templates))].Name); c != nil {
			return c, false
		}
	}
	if p.Reason == "operations-play" && r.IntN(3) == 0 {
		if c := sm.attack(int(p.Seat)); c != nil {
			return c, false
		}
	}
	if p.Reason == "operations-play" && r.IntN(4) == 0 {
		if c := sm.signatureMove(int(p.Seat)); c != nil {
			return c, false
		}
	}
	legal := p.Legal
	if len(legal) > 1 && p.Reason == "operations-play" && r.IntN(6) > 0 {
		// Mostly stay on the street, and rat rarely, so that Heat builds up
		// to natural Raids.
		busy := slices.DeleteFunc(slices.Clone(legal), func(m proto.Message) bool {
			c := m.(*pb.Command)
			return c.GetLayLow() != nil || c.GetRat() != nil
		})
		if len(busy) > 0 {
			legal = busy
		}
	}
	if len(legal) > 1 && p.Reason == "brew-draft" && r.IntN(6) > 0 {
		legal = slices.DeleteFunc(slices.Clone(legal), func(m proto.Message) bool { return m.(*pb.Command).GetBrewDraft().GetDump() })
	}
	if p.Reason == "pinned" || p.Reason == "standoff" {
		legal = fightBias(r, legal)
	}
	if len(legal) == 0 {
		sm.t.Fatalf("%s has nothing legal to do (%s)", p.Seat, p.Reason)
	}
	return legal[r.IntN(len(legal))], true
}

// favorPlay mostly buys a Favor when a Bribe is offered, and takes a
// Shylock's Mark (a side command) when the seat Controls a High Society
// District whose Favor it may buy but lacks the $2,500: random play alone
// rarely puts the two together.
func (sm *sim) favorPlay(seat int, legal []proto.Message) (proto.Message, bool) {
	s, r := sm.state(), sm.bot
	for _, m := range legal {
		if m.(*pb.Command).GetBribe() != nil && r.IntN(4) > 0 {
			return m, true
		}
	}
	p := s.Seats[seat]
	if p.Cash >= printed.BribeCost || p.Loans >= 2 || len(p.SlotOwners) < 2 {
		return nil, false
	}
	for _, d := range printed.AllDistricts() {
		b := printed.Info(d).Broker
		if printed.Info(d).Kind == highSociety && s.controller(d) == seat && s.favorHolder(b) == none && !p.Bought[b] {
			if r.IntN(2) == 0 {
				return cmd(&pb.TakeLoan{}), false
			}
			break
		}
	}
	return nil, false
}

// sitDownPlay Rats now and then in a Blood Oath game from its second Day
// until the Sit-Down, so that most such games reach their first Raid, and
// with it the Sit-Down (newOathSim). A Storm draws no Heat (ruling 56), so
// the Heat that lets a seat Rat comes from Assaults, Extortion and the
// Greed Tax alone: the bot Rats at half of its chances.
func (sm *sim) sitDownPlay(legal []proto.Message) proto.Message {
	s := sm.state()
	if !s.bloodOath() || s.Partner[0] != none || s.Day < 2 || sm.bot.IntN(2) > 0 {
		return nil
	}
	for _, m := range legal {
		if m.(*pb.Command).GetRat() != nil {
			return m
		}
	}
	return nil
}

// attack sends every mobster of a random District into a random Hostile
// neighbour (rival or Police turf), when there is one: the bot goes looking
// for fights.
func (sm *sim) attack(seat int) *pb.Command {
	s, r := sm.state(), sm.bot
	var moves []*pb.Move
	for _, d := range printed.AllDistricts() {
		p := s.dist(d).Mobs[seat]
		if p.mobsters() == 0 {
			continue
		}
		for _, n := range printed.Neighbours(d) {
			if s.hostile(seat, n) {
				moves = append(moves, &pb.Move{From: d, To: n, Runners: u32(p.Runners), Bosses: u32(p.Bosses)})
			}
		}
	}
	if len(moves) == 0 {
		return nil
	}
	// Half the time, go for a High Society District whose Favor the seat
	// may still buy.
	favors := slices.DeleteFunc(slices.Clone(moves), func(m *pb.Move) bool {
		b := printed.Info(m.To).Broker
		return printed.Info(m.To).Kind != highSociety || s.favorHolder(b) != none || s.Seats[seat].Bought[b]
	})
	if len(favors) > 0 && r.IntN(2) == 0 {
		moves = favors
	}
	// In a Blood Oath game before the Sit-Down, mostly shoot at rivals, not
	// the Police: a Storm draws no Heat (ruling 56), and the Heat of an
	// Assault lets someone Rat towards the Sit-Down.
	rivals := slices.DeleteFunc(slices.Clone(moves), func(m *pb.Move) bool { return s.dist(m.To).Precinct })
	if s.bloodOath() && s.Partner[0] == none && len(rivals) > 0 && r.IntN(4) > 0 {
		moves = rivals
	}
	return cmd(moves[r.IntN(len(moves))])
}

// signatureMove tries a Knights' Skiff between Coastal Districts, a
// Vipers' Stealth into a rival neighbour (up to 5 mobsters), or, in the
// Blood Oath, a whole crew into a partner's District next door.
func (sm *sim) signatureMove(seat int) *pb.Command {
	s, r := sm.state(), sm.bot
	book := s.Seats[seat].Playbook
	var moves []*pb.Move
	for _, d := range printed.AllDistricts() {
		p := s.dist(d).Mobs[seat]
		if p.mobsters() == 0 {
			continue
		}
		runners := min(p.Runners, printed.SignatureMobsters-p.Bosses)
		for _, to := range printed.Neighbours(d) {
			if s.partnerControls(seat, to) {
				moves = append(moves, &pb.Move{From: d, To: to, Runners: u32(p.Runners), Bosses: u32(p.Bosses)})
			}
		}
		switch book {
		case pb.Playbook_PLAYBOOK_HARLEM_KNIGHTS:
			for _, to := range printed.AllDistricts() {
				if to != d && printed.Info(d).Coastal && printed.Info(to).Coastal {
					moves = append(moves, &pb.Move{From: d, To: to, Runners: u32(runners), Bosses: u32(p.Bosses), Skiff: true})
				}
			}
		case pb.Playbook_PLAYBOOK_EAST_SIDE_VIPERS:
			for _, to := range printed.Neighbours(d) {
				if s.rivalMobsters(seat, to) {
					moves = append(moves, &pb.Move{From: d, To: to, Runners: u32(runners), Bosses: u32(p.Bosses), Stealth: true})
				}
			}
		}
	}
	if len(moves) == 0 {
		return nil
	}
	return cmd(moves[r.IntN(len(moves))])
}

// fightBias picks the kind of response first (Ambush, Hold Fire, Fold;
// Assault or Storm, Advance, Fall Back), so that the many destinations do
// not crowd out the shooting.
func fightBias(r *engine.Rand, legal []proto.Message) []proto.Message {
	if len(legal) == 0 {
		return nil
	}
	kinds := map[pb.FightResponse][]proto.Message{}
	var order []pb.FightResponse
	for _, m := range legal {
		k := responseOf(m.(*pb.Command))
		if k == pb.FightResponse_FIGHT_RESPONSE_STORM {
			k = pb.FightResponse_FIGHT_RESPONSE_ASSAULT
		}
		if kinds[k] == nil {
			order = append(order, k)
		}
		kinds[k] = append(kinds[k], m)
	}
	return kinds[order[r.IntN(len(order))]]
}

func (sm *sim) fromTemplate(seat int, name string) *pb.Command {
	s, r := sm.state(), sm.bot
	switch name {
	case "advance":
		return sm.advanceFromTemplate(seat)
	case "take-loan", "repay-loan", "give-cash":
		if r.IntN(8) > 0 {
			return nil
		}
		return sm.sideCommand(seat)
	}
	var froms []pb.District
	for _, d := range printed.AllDistricts() {
		if (name == "move" && s.mobstersAt(seat, d) > 0) || (name != "move" && s.controller(d) == seat && s.dist(d).barrelCount() > 0) {
			froms = append(froms, d)
		}
	}
	if len(froms) == 0 {
		return nil
	}
	from := froms[r.IntN(len(froms))]
	x := s.dist(from)
	var bar [5]int
	for _, l := range printed.Liquors {
		if x.Barrels[l] > 0 {
			bar[l] = r.IntN(x.Barrels[l] + 1)
		}
	}
	ns := printed.Neighbours(from)
	if name == "move" && r.IntN(3) > 0 {
		// Mostly aim at safe turf, so that the bot spreads over the city.
		ns = slices.DeleteFunc(ns, func(d pb.District) bool { return s.hostile(seat, d) })
		if len(ns) == 0 {
			return nil
		}
	}
	to := ns[r.IntN(len(ns))]
	switch name {
	case "move":
		p := x.Mobs[seat]
		runners := r.IntN(p.Runners + 1)
		bosses := r.IntN(p.Bosses + 1)
		for _, l := range printed.Liquors {
			bar[l] = min(bar[l], max(0, runners+bosses-sumBarrels(bar)+bar[l]))
		}
		return cmd(&pb.Move{From: from, To: to, Runners: u32(runners), Bosses: u32(bosses), Barrels: barrelsList(bar), Commandeer: r.IntN(2) == 0})
	case "push":
		var back [5]int
		if c := s.controller(to); c != none && c != seat && r.IntN(2) == 0 {
			for _, l := range printed.Liquors {
				back[l] = r.IntN(s.dist(to).Barrels[l] + 1)
			}
		}
		return cmd(&pb.Push{From: from, To: to, Barrels: barrelsList(bar), Back: barrelsList(back)})
	default:
		if r.IntN(2) == 0 {
			bar = x.Barrels // sell out: the Greed Tax makes Heat
		}
		return cmd(&pb.Unload{District: from, Barrels: barrelsList(bar)})
	}
}

// advanceFromTemplate Advances to a random neighbour with random barrels.
func (sm *sim) advanceFromTemplate(seat int) *pb.Command {
	s, r := sm.state(), sm.bot
	f := s.Fight
	x := s.dist(f.District)
	var bar [5]int
	left := s.force(seat).Mobsters()
	for _, l := range printed.Liquors {
		bar[l] = min(r.IntN(x.Barrels[l]+1), left)
		left -= bar[l]
	}
	ns := printed.Neighbours(f.District)
	return cmd(&pb.Advance{To: ns[r.IntN(len(ns))], Barrels: barrelsList(bar), Commandeer: r.IntN(3) == 0})
}

// checkInvariants asserts the conservation laws after every event.
func checkInvariants(t testing.TB, s *state, where string) {
	t.Helper()
	checkInvariantsAt(t, s, func() string { return where })
}

// checkInvariantsAt is checkInvariants with the place named only on
// failure (formatting an event for every check costs more than the check).
func checkInvariantsAt(t testing.TB, s *state, where func() string) {
	t.Helper()
	fail := func(format string, args ...any) {
		t.Helper()
		t.Fatalf("day %d %s: %s", s.Day, where(), fmt.Sprintf(format, args...))
	}
	for seat := range s.Seats {
		r, b, h := s.onBoard(seat)
		if r > printed.RunnerSupply-s.Seats[seat].Burned || b > s.Seats[seat].BossPieces || h > printed.SafehouseSupply {
			fail("seat %d has %d runners %d bosses %d safehouses on the board", seat, r, b, h)
		}
		if s.Seats[seat].Cash < 0 {
			fail("seat %d cash %d", seat, s.Seats[seat].Cash)
		}
	}
	for _, l := range printed.Liquors {
		if s.barrelSupply(l) < 0 {
			fail("%v over supply", l)
		}
	}
	for _, d := range printed.AllDistricts() {
		x := s.dist(d)
		holders := 0
		for _, p := range x.Mobs {
			if p.Runners < 0 || p.Bosses < 0 {
				fail("negative pieces in %v", d)
			}
			if p.any() {
				holders++
			}
		}
		for _, n := range x.Barrels {
			if n < 0 {
				fail("negative barrels in %v", d)
			}
		}
		checkTurf(s, d, holders, fail)
	}
	checkFight(s, fail)
	if f := s.Fight; f != nil && s.partners(f.Invader, f.Occupier) {
		fail("partners %d and %d fight", f.Invader, f.Occupier)
	}
	checkInfluence(t, s, fail)
	checkCards(s, fail)
	if s.Phase == pb.Phase_PHASE_BREW && s.Drafted == 0 && s.Day > 1 {
		deeds, syns, ward := s.titleHolders()
		if deeds != s.Deeds || syns != s.Syndicates || ward != s.WardBoss {
			fail("titles %v %v %d differ from the board's %v %v %d", s.Deeds, s.Syndicates, s.WardBoss, deeds, syns, ward)
		}
	}
}

// checkTurf is the Golden Rule with combat and the Blood Oath: two mobs
// share a District (or mobsters stand on Police Turf) only in the District
// of the fight in progress, while the Invaders are Pinned there or the
// Spoils are pending; or, during Operations, two partners, the Occupier
// keeping Control and the other (its guests) still in its Phase.
func checkTurf(s *state, d pb.District, holders int, fail func(string, ...any)) {
	x := s.dist(d)
	if holders <= 1 && !(x.Precinct && holders > 0) {
		return
	}
	f := s.Fight
	if f != nil && f.District == d {
		if !x.Mobs[f.Invader].Pinned && f.Stage != pb.Awaiting_AWAITING_SPOILS {
			fail("two mobs in %v and nobody Pinned", d)
		}
		return
	}
	host := x.Occupier
	if holders != 2 || x.Precinct || s.Phase != pb.Phase_PHASE_OPERATIONS || host == none || !x.Mobs[host].any() {
		fail("Golden Rule broken in %v: %+v, Occupier %d, %v", d, x.Mobs, host, s.Phase)
		return
	}
	guest := s.Partner[host]
	if guest == none || !x.Mobs[guest].any() {
		fail("%v shared by seats that are not partners", d)
		return
	}
	if x.Mobs[guest].mobsters() > 0 && s.Seats[guest].LaidLow {
		fail("seat %d ended its Phase with mobsters in %v, its partner's", guest, d)
	}
}

// checkFight: outside a fight nobody is Pinned and no District has an
// Occupier unless two partners share it; inside one, only the Invaders in
// its District are Pinned.
func checkFight(s *state, fail func(string, ...any)) {
	for _, d := range printed.AllDistricts() {
		x := s.dist(d)
		in := s.Fight != nil && s.Fight.District == d
		if !in && x.Occupier != none && (x.Occupier >= s.Players || s.Partner[x.Occupier] == none || !x.Mobs[s.Partner[x.Occupier]].any()) {
			fail("Occupier %d in %v outside a fight", x.Occupier, d)
		}
		for seat, p := range x.Mobs {
			if p.Pinned && (!in || seat != s.Fight.Invader) {
				fail("seat %d Pinned in %v outside its fight", seat, d)
			}
		}
	}
}

func checkInfluence(t testing.TB, s *state, fail func(string, ...any)) {
	t.Helper()
	owned := make([]int, s.Players)
	for i, p := range s.Seats {
		if p.Stash < 0 || len(p.SlotOwners) > printed.Slots {
			fail("seat %d stash %d slots %d", i, p.Stash, len(p.SlotOwners))
		}
		owned[i] += p.Stash
		for _, o := range p.SlotOwners {
			owned[o]++
		}
		for _, k := range p.Staked {
			owned[i] += k.Markers
		}
	}
	for _, o := range s.Heat {
		owned[o]++
	}
	if len(s.Heat) > printed.HeatTrackSize {
		fail("heat track holds %d", len(s.Heat))
	}
	for i, p := range s.Seats {
		if owned[i] != p.Influence {
			fail("seat %d: %d markers found, owns %d", i, owned[i], p.Influence)
		}
	}
}

// checkFavors: each Power Broker's Favor is held by one seat at most, and
// only by a seat that bought it (a Favor lost to a broken deal stays
// bought: "never buyable again by that seat"). The rules tests hand out
// Favors unbought, so only random play checks it.
func checkFavors(t testing.TB, s *state, where func() string) {
	t.Helper()
	fail := func(format string, args ...any) {
		t.Helper()
		t.Fatalf("day %d %s: %s", s.Day, where(), fmt.Sprintf(format, args...))
	}
	for b := range s.Seats[0].Favors {
		holders := 0
		for i, p := range s.Seats {
			if p.Favors[b] {
				holders++
				if !p.Bought[b] {
					fail("seat %d holds the Favor of %v without buying it", i, pb.Broker(b))
				}
			}
		}
		if holders > 1 {
			fail("%d seats hold the Favor of %v", holders, pb.Broker(b))
		}
	}
}

func checkCards(s *state, fail func(string, ...any)) {
	var all []int
	for _, d := range s.Decks {
		all = append(all, d.Draw...)
		all = append(all, d.Discard...)
	}
	for i, p := range s.Seats {
		all = append(all, p.Hand...)
		all = append(all, p.Completed...)
		for _, k := range p.Staked {
			all = append(all, k.Card)
		}
		if len(p.Hand) > s.handLimit(i) && s.discarding() != i {
			fail("seat %d holds %d cards", i, len(p.Hand))
		}
	}
	slices.Sort(all)
	if len(all) != len(printed.Contracts) || slices.Compact(all)[len(printed.Contracts)-1] != len(printed.Contracts) {
		fail("contract cards not conserved: %v", all)
	}
}

func TestRandomDays(t *testing.T) {
	// Whole games of 2-4 players to the end or Day 25, half of the 4-player
	// ones in Blood Oath, every listed command of every other prompt
	// decided (sim.checkLegal), under the invariants of TestRandomFights.
	t.Parallel()
	games, days := 30, 25
	if testing.Short() {
		games, days = 3, 6
	}
	var mu sync.Mutex
	var all tally
	t.Run("games", func(t *testing.T) {
		for players := 2; players <= printed.MaxSeats; players++ {
			t.Run(fmt.Sprintf("%dp", players), func(t *testing.T) {
				t.Parallel()
				var sum tally
				for g := range games {
					sm := newOathSim(t, players, uint64(players*1000+g))
					sm.run(days, 2)
					if g < 2 {
						if err := sm.verify(); err != nil {
							t.Fatalf("verify: %v", err)
						}
					}
					sum.add(sm.tally)
				}
				mu.Lock()
				all.add(sum)
				mu.Unlock()
			})
		}
	})
	t.Log(all)
	if !testing.Short() && (all.days < 2000 || all.sitDowns < 5 || all.guests == 0 || all.favors == 0) {
		t.Errorf("too little reached: %v", all)
	}
}

// dealCommand answers a deal awaiting seat, confirms a free-text term, or
// proposes a deal staked with a free Favor (nil when there is none).
func (sm *sim) dealCommand(seat, to int) *pb.Command {
	s, r := sm.state(), sm.bot
	for _, d := range s.Deals {
		switch {
		case d.To == seat && !d.Accepted:
			return cmd(&pb.AnswerDeal{Deal: u32(d.ID), Accept: r.IntN(3) > 0})
		case d.From == seat && !d.Accepted && r.IntN(8) == 0:
			return cmd(&pb.AnswerDeal{Deal: u32(d.ID)}) // withdrawn
		case d.Accepted && d.partyOf(seat) >= 0 && r.IntN(2) == 0:
			for t, term := range d.Terms {
				if term.Kind == pb.DealTermKind_DEAL_TERM_KIND_FREE_TEXT && (d.Kept[t]|d.Declared[t])&(1<<d.partyOf(seat)) == 0 {
					return cmd(&pb.ConfirmTerm{Deal: u32(d.ID), Term: u32(t), Broken: r.IntN(3) == 0})
				}
			}
		}
	}
	for b := range s.Seats[seat].Favors {
		if s.Seats[seat].Favors[b] && !s.vouching(seat, pb.Broker(b)) && r.IntN(2) == 0 {
			return cmd(sm.proposal(to, pb.Broker(b)))
		}
	}
	return nil
}

// proposal draws a deal of one to three random typed terms, binding either
// side, with a deadline today, a later Day or "until met".
func (sm *sim) proposal(to int, b pb.Broker) *pb.ProposeDeal {
	s, r := sm.state(), sm.bot
	var terms []*pb.DealTerm
	for range 1 + r.IntN(3) {
		t := &pb.DealTerm{Obligor: pb.DealParty(r.IntN(2))}
		switch r.IntN(6) {
		case 0:
			t.Kind, t.Text = pb.DealTermKind_DEAL_TERM_KIND_FREE_TEXT, "a word"
		case 1:
			t.Kind, t.Amount = pb.DealTermKind_DEAL_TERM_KIND_PAY_CASH, u32(1+r.IntN(300))
		case 2:
			t.Kind = pb.DealTermKind_DEAL_TERM_KIND_NO_ATTACK
		case 3:
			t.Kind, t.Amount = pb.DealTermKind_DEAL_TERM_KIND_LEND_MARKERS, u32(1+r.IntN(2))
		case 4:
			all := printed.AllDistricts()
			t.Kind, t.Districts = pb.DealTermKind_DEAL_TERM_KIND_SAFE_PASSAGE, []pb.District{all[r.IntN(len(all))]}
		default:
			t.Kind = pb.DealTermKind_DEAL_TERM_KIND_NO_RAT
		}
		terms = append(terms, t)
	}
	x := &pb.ProposeDeal{To: u32(to), Broker: b, Terms: terms}
	switch r.IntN(3) {
	case 0:
		x.Deadline = pb.DealDeadline_DEAL_DEADLINE_UNTIL_MET
	case 1:
		x.DeadlineDay = u32(s.Day + 1)
	}
	return x
}
