package strategy

import (
	"slices"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/kingdom/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
	"google.golang.org/protobuf/proto"
)

// commands wraps a command kind into the game's Command oneof.
var commands = engine.KindsOf(&pb.Command{})

// Rand is the seeded generator the policy draws from: *engine.Rand and
// *math/rand/v2.Rand both satisfy it.
type Rand interface {
	// IntN returns a uniform integer in [0, n); n > 0.
	IntN(n int) int
}

// Prompt is what the policy needs of a seat's prompt: why the game waits
// for it, the concrete legal commands and the names of the templates it may
// fill ("move", "push", "unload", ...).
type Prompt struct {
	// Reason is the prompt's reason code, e.g. "operations-play".
	Reason string
	// Legal lists the concrete commands the seat may send.
	Legal []*pb.Command
	// Templates names the templates offered.
	Templates []string
}

// FromEngine converts an engine prompt of Moonshine Kingdom.
func FromEngine(p engine.Prompt) Prompt {
	out := Prompt{Reason: p.Reason}
	for _, m := range p.Legal {
		if c, ok := m.(*pb.Command); ok {
			out.Legal = append(out.Legal, c)
		}
	}
	for _, t := range p.Templates {
		out.Templates = append(out.Templates, t.Name)
	}
	return out
}

// Choose returns the command the seat whose view v is should send for
// prompt p, drawing any random choice from r. It returns nil only when the
// prompt lists no legal command and offers nothing the policy can fill.
func Choose(v *pb.View, p Prompt, r Rand) *pb.Command { return choose(v, p, r, false) }

// choose is Choose, or ChooseToWin when goal is set.
func choose(v *pb.View, p Prompt, r Rand, goal bool) *pb.Command {
	b := newBoard(v)
	if b.my == nil {
		return pick(p.Legal, r)
	}
	d := &decider{b: b, p: p, r: r, goal: goal}
	var c *pb.Command
	switch p.Reason {
	case "brew-draft":
		c = d.brew()
	case "grease-the-wheels":
		c = d.grease()
	case "discard-to-hand-limit":
		c = d.discard()
	case "targets-call":
		c = d.targetsCall()
	case "bribe-or-fall":
		c = d.bribeOrFall()
	case "standoff":
		c = d.standoff()
	case "pinned":
		if goal {
			c = d.pinnedToWin()
		} else {
			c = d.pinned()
		}
	case "spoils":
		c = d.spoils()
	case "consent":
		c = d.legal(func(x *pb.Command) bool {
			return x.GetConsent().GetAccept() == (b.partner != nobody && int(v.GetProposal().GetSeat()) == b.partner)
		})
	case "operations-play":
		if goal {
			c = d.raceOperations()
		} else {
			c = d.operations()
		}
	case "answer-deal":
		c = d.legal(func(x *pb.Command) bool {
			return x.GetAnswerDeal().GetAccept() == d.bindsOnlyProposer(x.GetAnswerDeal().GetDeal())
		})
	}
	if c == nil {
		c = pick(p.Legal, r)
	}
	return c
}

// decider holds one decision's inputs.
type decider struct {
	b *board
	p Prompt
	r Rand
	// goal is set for the heuristic (ChooseToWin): the decisions it
	// changes read it, so that Choose plays as it always did.
	goal bool
}

// pick returns a uniform choice among cmds (nil when empty).
func pick(cmds []*pb.Command, r Rand) *pb.Command {
	if len(cmds) == 0 {
		return nil
	}
	return cmds[r.IntN(len(cmds))]
}

// legal returns a random listed command that keep accepts (nil: none).
func (d *decider) legal(keep func(*pb.Command) bool) *pb.Command {
	var out []*pb.Command
	for _, c := range d.p.Legal {
		if keep(c) {
			out = append(out, c)
		}
	}
	return pick(out, d.r)
}

// offers reports whether the prompt offers the named template.
func (d *decider) offers(name string) bool { return slices.Contains(d.p.Templates, name) }

// best returns the listed command with the highest score (ties broken at
// random; nil when none scores above floor).
func (d *decider) best(score func(*pb.Command) (float64, bool), floor float64) *pb.Command {
	var top []*pb.Command
	hi := floor
	for _, c := range d.p.Legal {
		s, ok := score(c)
		switch {
		case !ok || s < hi:
		case s > hi || len(top) == 0:
			hi, top = s, []*pb.Command{c}
		default:
			top = append(top, c)
		}
	}
	return pick(top, d.r)
}

// wanted returns the liquors the seat's Contracts ask it to hold, weighted.
func (d *decider) wanted() [5]float64 {
	var w [5]float64
	add := func(card int, weight float64) {
		g := goalOf(card)
		switch g.Kind {
		case printed.GoalBarrels:
			if g.Liquor == 0 {
				for _, l := range printed.Domestic {
					w[l] += weight / 3
				}
			} else {
				w[g.Liquor] += weight
			}
		case printed.GoalEachLiquor:
			for _, l := range printed.Liquors {
				w[l] += weight / 2
			}
		}
	}
	for _, k := range d.b.my.GetStaked() {
		add(int(k.GetCard()), 6)
	}
	for _, c := range d.b.my.GetHand() {
		add(int(c), 2)
	}
	return w
}

// brew drafts the dice whose Stills brew most for the seat and least for
// its rivals, in the liquor it wants most (or Dumps when every draft helps
// only rivals).
func (d *decider) brew() *pb.Command {
	b := d.b
	want := d.wanted()
	market := b.v.GetMarket()
	value := func(l pb.Liquor) float64 {
		v := want[l]
		if i := int(l) - 1; i < len(market) {
			v += float64(market[i]) / 200
		}
		for _, x := range b.controlled(b.me) {
			if info := printed.Info(x); info.IsSpeakeasy() && info.HousePour == l {
				v += 0.5
			}
		}
		return v
	}
	return d.best(func(c *pb.Command) (float64, bool) {
		x := c.GetBrewDraft()
		if x == nil {
			return 0, false
		}
		mine, theirs := 0, 0
		for _, dist := range printed.AllDistricts() {
			if int(b.dist(dist).GetStill()) != int(x.GetRed()+x.GetWhite()) {
				continue
			}
			owner := b.controller(dist)
			if owner == nobody {
				continue
			}
			n := printed.MuscleRatio(b.mobsters(dist, owner), printed.BrewCap)
			if owner == b.me {
				mine += n
			} else if owner != b.partner {
				theirs += n
			}
		}
		if x.GetDump() {
			return 0, true
		}
		return float64(mine)*value(x.GetLiquor()) - 0.6*float64(theirs), true
	}, -1e9)
}

// grease stakes the best Contract worth staking, then funds every marker
// it can.
func (d *decider) grease() *pb.Command {
	b := d.b
	stash := int(b.my.GetStash())
	done := b.completedTiers()
	var stake *pb.Command
	bestScore := 0.0
	for _, c := range d.p.Legal {
		x := c.GetStakeContract()
		if x == nil {
			continue
		}
		card, ok := printed.Card(int(x.GetCard()))
		if !ok {
			continue
		}
		days := printed.Tiers[card.Tier].Days
		e := b.effort(int(x.GetCard()), days)
		if d.mustTry(card.Tier) {
			e = min(e, budget(card.Tier))
		}
		keep := 3
		if e == 0 {
			keep = 2
		}
		if e > d.budget(card.Tier) || stash-days < keep {
			continue
		}
		s := 10 - float64(e)
		if !done[card.Tier] {
			s += 10
		}
		if s > bestScore {
			bestScore, stake = s, c
		}
	}
	if stake != nil {
		return stake
	}
	return d.best(func(c *pb.Command) (float64, bool) {
		if c.GetFund() == nil {
			return 0, false
		}
		return float64(c.GetFund().GetMarkers()), true
	}, -1)
}

// cardValue rates a Contract in hand: the tiers still missing from the
// Commission first, then the easiest.
func (d *decider) cardValue(id int) float64 {
	card, ok := printed.Card(id)
	if !ok {
		return 0
	}
	v := 0.0
	if !d.b.completedTiers()[card.Tier] {
		v += 20
	}
	e := d.b.effort(id, printed.Tiers[card.Tier].Days)
	if e <= d.budget(card.Tier) {
		v += 10
	}
	return v - float64(min(e, 20))
}

// discard keeps the most valuable Contracts.
func (d *decider) discard() *pb.Command {
	return d.best(func(c *pb.Command) (float64, bool) {
		x := c.GetDiscardContracts()
		if x == nil {
			return 0, false
		}
		s := 0.0
		for _, id := range x.GetCards() {
			s -= d.cardValue(int(id))
		}
		return s, true
	}, -1e9)
}

// units counts the seat's Mobsters plus the barrels in d.
func (b *board) units(dist pb.District) int {
	return b.mobsters(dist, b.me) + total(b.barrels(dist))
}

// targetsCall sends the Police where the seat loses least.
func (d *decider) targetsCall() *pb.Command {
	return d.best(func(c *pb.Command) (float64, bool) {
		if c.GetTargetsCall() == nil {
			return 0, false
		}
		return -float64(d.b.units(c.GetTargetsCall().GetDistrict())), true
	}, -1e9)
}

// bribeOrFall pays when the District is worth it and the cash spares it.
func (d *decider) bribeOrFall() *pb.Command {
	b := d.b
	hit := b.v.GetRaid().GetHit()
	f := b.force(hit, b.me)
	worth := b.units(hit) >= 3 || f.GetBosses() > 0
	pay := worth && b.cash()-printed.RaidBribe >= d.cashReserve()
	return d.legal(func(c *pb.Command) bool { return c.GetBribeOrFall() != nil && c.GetBribeOrFall().GetBribe() == pay })
}

// standoff Ambushes (the plain one) when the seat has Mobsters to shoot
// with, else Holds Fire.
func (d *decider) standoff() *pb.Command {
	f := d.b.v.GetFight()
	shoot := d.b.mobsters(f.GetDistrict(), d.b.me) > 0
	return d.legal(func(c *pb.Command) bool {
		x := c.GetStandoff()
		if x == nil || x.GetFirepower() || x.GetPlunder() || x.GetCourage() != 0 {
			return false
		}
		if shoot {
			return x.GetChoice() == pb.StandoffChoice_STANDOFF_CHOICE_AMBUSH
		}
		return x.GetChoice() == pb.StandoffChoice_STANDOFF_CHOICE_HOLD_FIRE
	})
}

// pinned Assaults while the seat's Invaders outnumber the Defenders, else
// Falls Back (or Advances when it may not).
func (d *decider) pinned() *pb.Command {
	b := d.b
	f := b.v.GetFight()
	at := f.GetDistrict()
	mine, theirs := b.mobsters(at, b.me), 0
	for _, x := range b.dist(at).GetForces() {
		if int(x.GetSeat()) != b.me {
			theirs += int(x.GetRunners() + x.GetBosses())
		}
	}
	plain := func(c *pb.Command) bool {
		x := c.GetAssault()
		return x != nil && !x.GetFirepower() && !x.GetPlunder() && x.GetCourage() == 0
	}
	if theirs > 0 && mine > theirs {
		if c := d.legal(plain); c != nil {
			return c
		}
	}
	if c := d.legal(func(c *pb.Command) bool { return c.GetFallBack() != nil }); c != nil {
		return c
	}
	advance := func(c *pb.Command) bool { return c.GetAdvance() != nil && !c.GetAdvance().GetCommandeer() }
	if c := d.legal(func(c *pb.Command) bool { return advance(c) && !b.partnerHeld(c.GetAdvance().GetTo()) }); c != nil {
		return c
	}
	if c := d.legal(advance); c != nil {
		return c
	}
	return d.legal(plain)
}

// spoils Commandeers the Safehouse when it can.
func (d *decider) spoils() *pb.Command {
	if c := d.legal(func(c *pb.Command) bool {
		return c.GetSpoils() != nil && c.GetSpoils().GetCommandeer() && c.GetSpoils().GetRelocateFrom() == 0
	}); c != nil {
		return c
	}
	return d.legal(func(c *pb.Command) bool { return c.GetSpoils() != nil && !c.GetSpoils().GetCommandeer() })
}

// Policy is the policy as an [engine.Policy], for the service's bots.
type Policy struct{}

// Choose returns Choose's command for a Moonshine Kingdom seat view and
// engine prompt (nil when it has none, or when the view is another game's).
func (Policy) Choose(view proto.Message, p engine.Prompt, r *engine.Rand) proto.Message {
	v, ok := view.(*pb.View)
	if !ok {
		return nil
	}
	if c := Choose(v, FromEngine(p), r); c != nil {
		return c
	}
	return nil
}

// bindsOnlyProposer reports whether every term of the deal binds its
// proposer: the policy accepts such a deal (it promises nothing) and
// declines any that would bind it.
func (d *decider) bindsOnlyProposer(id uint32) bool {
	for _, x := range d.b.v.GetDeals() {
		if x.GetDeal() != id {
			continue
		}
		for _, t := range x.GetTerms() {
			if t.GetObligor() != pb.DealParty_DEAL_PARTY_UNSPECIFIED {
				return false
			}
		}
		return true
	}
	return false
}
