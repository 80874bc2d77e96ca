package kingdom

import (
	"github.com/moonshine-games/moonshine/engine/kingdom/printed"
	"slices"

	"github.com/moonshine-games/moonshine/engine"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
)

// costOf is a Play's cost: "Standard and Title Plays cost 1 Influence,
// Power Plays 2" (Capo, a signature Play, costs 2 too).
func costOf(c *pb.Command) int {
	switch c.GetKind().(type) {
	case *pb.Command_Unload, *pb.Command_Rise, *pb.Command_Bribe, *pb.Command_Rat, *pb.Command_Capo:
		return printed.PowerPlayCost
	}
	return printed.StandardPlayCost
}

// play checks the price of a Play and hands it to its rule.
func (b *builder) play(seat int, c *pb.Command) *engine.RuleError {
	cost := costOf(c)
	have := len(b.State().Seats[seat].SlotOwners)
	if have < cost {
		return engine.Refuse(ReasonNotEnoughInfluence, "this Play costs %d Influence; %d slotted", cost, have)
	}
	// A Play that spends the last Influence ends the Phase (a Move checks
	// where its mobsters go itself).
	if c.GetMove() == nil {
		if err := b.State().checkLastPlay(seat, have-cost+b.State().kickbacks(seat, c.GetUnload()), func() []pb.District { return b.State().guests(seat) }); err != nil {
			return err
		}
	}
	switch k := c.GetKind().(type) {
	case *pb.Command_Move:
		return b.move(seat, k.Move)
	case *pb.Command_Push:
		return b.push(seat, k.Push)
	case *pb.Command_Recruit:
		return b.recruit(seat, k.Recruit)
	case *pb.Command_Hustle:
		return b.hustle(seat, k.Hustle)
	case *pb.Command_Secure:
		return b.secure(seat, k.Secure)
	case *pb.Command_Smuggle:
		return b.smuggle(seat, k.Smuggle)
	case *pb.Command_Extort:
		return b.extort(seat, k.Extort)
	case *pb.Command_Fix:
		return b.fix(seat, k.Fix)
	case *pb.Command_Unload:
		return b.unload(seat, k.Unload)
	case *pb.Command_Rise:
		return b.rise(seat, k.Rise)
	case *pb.Command_Bribe:
		return b.bribe(seat, k.Bribe)
	case *pb.Command_Rat:
		return b.rat(seat)
	case *pb.Command_Capo:
		return b.capo(seat, k.Capo)
	case *pb.Command_Consigliere:
		return b.consigliere(seat, k.Consigliere)
	}
	return engine.Malform(engine.ReasonUnknownCommand, "unknown command")
}

// spend pays for a Play from the end of the Operations slots. Spent markers
// return to their owners' Stashes, except that a Play making Heat puts one
// spent marker on the Heat Track: the player's own when it spent one.
func (b *builder) spend(seat, cost int, heat bool) { b.spendAs(seat, cost, heat, nil) }

// spendAs is spend with the owner of the marker going to the Heat Track
// chosen (nil: the default).
func (b *builder) spendAs(seat, cost int, heat bool, choice *uint32) {
	taken := b.State().spending(seat, cost)
	ev := &pb.InfluenceSpent{Seat: u32(seat)}
	for _, o := range taken {
		ev.Owners = append(ev.Owners, u32(o))
	}
	if heat {
		ev.HeatOwner = optSeat(heatMarker(seat, taken, choice))
	}
	b.pub(ev)
}

// spending returns the owners of the markers a Play of cost spends, in the
// order they leave the slots (the last slotted first).
func (s *state) spending(seat, cost int) []int {
	slots := s.Seats[seat].SlotOwners
	taken := slices.Clone(slots[len(slots)-cost:])
	slices.Reverse(taken)
	return taken
}

// heatMarker names the owner of the spent marker a Heat-making Play sends
// to the Heat Track: the player's own when it spent one, unless it chose.
func heatMarker(seat int, taken []int, choice *uint32) int {
	owner := taken[0]
	if slices.Contains(taken, seat) {
		owner = seat
	}
	if choice != nil {
		owner = int(*choice)
	}
	return owner
}

// finishPlay ends a Play: an Attacker who killed draws Heat, the 5th Heat
// marker sets off a Raid, which pauses the turn; then the turn passes.
func (b *builder) finishPlay() {
	if b.State().Bloodshed {
		b.bloodOnThePavement()
	}
	if len(b.State().Heat) >= printed.HeatTrackSize && b.State().Raid == nil {
		b.startRaid(pb.RaidTrigger_RAID_TRIGGER_BOILING_POINT)
	}
	if b.State().Raid != nil && !b.runRaid() {
		return
	}
	b.endPlay()
}

// endPlay lays the player low if it ran out of Influence and passes the
// turn.
func (b *builder) endPlay() {
	s := b.State()
	cur := s.Current
	if !s.Seats[cur].LaidLow && len(s.Seats[cur].SlotOwners) == 0 {
		b.layLow(cur)
	}
	b.passTurn()
}

// passTurn gives the next Play to the next seat in Turn Order still on the
// street; when every seat has laid low, the night's Reckoning runs.
func (b *builder) passTurn() {
	next := b.State().nextActive(b.State().Current)
	if next == none {
		b.reckoning()
		return
	}
	if next != b.State().Current {
		b.pub(&pb.TurnPassed{Seat: u32(next)})
	}
}

// layLow clears the slots and swaps the Turn Token for the lowest free one
// of the opposite Moon. Guests left in the partner's Districts, which could
// not leave before the Phase ended, go back to the supply (ruling 78).
func (b *builder) layLow(seat int) {
	m := opposite(b.State().Moon)
	b.pub(&pb.LaidLow{Seat: u32(seat), TurnToken: u32(b.State().freeToken(m)), Moon: m, Stranded: b.State().stranded(seat)})
}

// parseBarrels reads a barrel list: known liquors, positive counts.
func parseBarrels(list []*pb.Barrels) ([5]int, int, *engine.RuleError) {
	var c [5]int
	total := 0
	for _, x := range list {
		if !printed.ValidLiquor(x.GetLiquor()) || x.GetCount() == 0 || x.GetCount() > printed.BarrelSupply {
			return c, 0, engine.Malform("BAD_BARRELS", "barrels need a liquor and a count from 1 to 25")
		}
		c[x.Liquor] += int(x.Count)
		total += int(x.Count)
	}
	return c, total, nil
}

// enough reports whether District x holds at least the barrels in want.
func (x *district) enough(want [5]int) bool {
	for _, l := range printed.Liquors {
		if want[l] > x.Barrels[l] {
			return false
		}
	}
	return true
}

func checkDistrict(ds ...pb.District) *engine.RuleError {
	for _, d := range ds {
		if !printed.ValidDistrict(d) {
			return engine.Malform(ReasonNoSuchDistrict, "no District %d", d)
		}
	}
	return nil
}

func checkPair(from, to pb.District) *engine.RuleError {
	if err := checkDistrict(from, to); err != nil {
		return err
	}
	if from == to {
		return engine.Refuse(ReasonSameDistrict, "from and to are the same District")
	}
	if !printed.Connected(from, to) {
		return engine.Refuse(ReasonNotConnected, "%s is not Connected to %s", printed.Info(from).Name, printed.Info(to).Name)
	}
	return nil
}
