package kingdom

import (
	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/kingdom/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
	"google.golang.org/protobuf/proto"
)

// View returns what v may know. Everything on the table is public except
// Contract hands (only their holder and the auditor see the cards) and the
// order of the decks (nobody's: the view gives only their sizes); the
// discard piles are face up.
func (s *state) View(v engine.Viewer) proto.Message {
	out := &pb.View{Players: u32(s.Players), Day: u32(s.Day), Moon: s.Moon, Phase: s.Phase, Rat: optSeat(s.Rat),
		Deals: s.dealViews()}
	if v.Kind == engine.Player {
		out.You = optSeat(int(v.Seat))
	}
	for _, d := range printed.AllDistricts() {
		out.Districts = append(out.Districts, s.districtView(d))
	}
	for i := range s.Seats {
		out.Seats = append(out.Seats, s.seatView(i, v))
	}
	for _, l := range printed.Liquors {
		out.Market = append(out.Market, u32(s.Market[l]))
		out.BarrelSupply = append(out.BarrelSupply, u32(s.barrelSupply(l)))
	}
	for _, o := range s.Heat {
		out.Heat = append(out.Heat, u32(o))
	}
	for _, f := range s.Red {
		out.RedPool = append(out.RedPool, u32(f))
	}
	for _, f := range s.White {
		out.WhitePool = append(out.WhitePool, u32(f))
	}
	out.Titles = s.titleViews()
	for t := gig; t <= score; t++ {
		d := s.Decks[t]
		dv := &pb.DeckView{Tier: t, Draw: u32(len(d.Draw)), Discards: u32(len(d.Discard))}
		for _, c := range d.Discard {
			dv.FaceUp = append(dv.FaceUp, u32(c))
		}
		out.Decks = append(out.Decks, dv)
	}
	if seat, aw := s.awaited(); seat != none {
		out.Waiting = []*pb.WaitingView{{Seat: u32(seat), Awaiting: aw}}
	}
	out.Fight = s.fightView()
	if s.Proposal != nil {
		out.Proposal = s.Proposal
	}
	out.Crackdown = u32(s.Crackdown)
	if s.Partner[0] != none {
		for i := range s.Players {
			out.Partners = append(out.Partners, u32(s.Partner[i]))
		}
	}
	if r := s.Raid; r != nil {
		out.Raid = &pb.RaidView{Target: u32(r.Target), Trigger: r.Trigger, Precincts: r.Precincts, Tied: r.Tied, Hit: r.Hit}
	}
	return out
}

func (s *state) districtView(d pb.District) *pb.DistrictView {
	x := s.dist(d)
	dv := &pb.DistrictView{District: d, Still: u32(x.Still), Precinct: x.Precinct, Barrels: barrelsList(x.Barrels),
		Controller: optSeat(s.controller(d))}
	for seat := range s.Players {
		if p := x.Mobs[seat]; p.any() {
			dv.Forces = append(dv.Forces, &pb.ForceView{Seat: u32(seat), Runners: u32(p.Runners), Bosses: u32(p.Bosses),
				Safehouse: p.Safehouse, Pinned: p.Pinned})
		}
	}
	return dv
}

func (s *state) seatView(i int, v engine.Viewer) *pb.SeatView {
	p := s.Seats[i]
	sv := &pb.SeatView{Seat: u32(i), Playbook: p.Playbook, Home: p.Home, TurnToken: u32(p.Token), TokenMoon: p.TokenMoon,
		LaidLow: p.LaidLow, Cash: u32(p.Cash), Stash: u32(p.Stash), Influence: u32(p.Influence), HandSize: u32(len(p.Hand)),
		Commission: p.Commission, Respect: int32(s.respect(i)), RunnerSupply: u32(s.runnerSupply(i)),
		BossSupply: u32(s.bossSupply(i)), SafehouseSupply: u32(s.safehouseSupply(i)), Hustled: p.Hustled,
		Loans: u32(p.Loans), Burned: u32(p.Burned), Resigned: p.Resigned}
	for _, o := range p.SlotOwners {
		sv.Slots = append(sv.Slots, u32(o))
	}
	if v.SeesAll() || v.IsSeat(engine.Seat(i)) {
		for _, c := range p.Hand {
			sv.Hand = append(sv.Hand, u32(c))
		}
	}
	for _, k := range p.Staked {
		sv.Staked = append(sv.Staked, &pb.StakedView{Card: u32(k.Card), Markers: u32(k.Markers)})
	}
	for _, c := range p.Completed {
		sv.Completed = append(sv.Completed, u32(c))
	}
	for br := pb.Broker_BROKER_JIMMY_WALKER; br <= pb.Broker_BROKER_TEXAS_GUINAN; br++ {
		if p.Favors[br] {
			sv.Favors = append(sv.Favors, br)
		}
		if p.Bought[br] {
			sv.Bought = append(sv.Bought, br)
		}
	}
	return sv
}

func (s *state) titleViews() []*pb.TitleView {
	var out []*pb.TitleView
	for _, bo := range printed.Boroughs() {
		out = append(out, &pb.TitleView{Title: pb.Title_TITLE_DEED, Borough: bo.ID, Holder: optSeat(s.Deeds[bo.ID])})
	}
	for _, l := range printed.Liquors {
		out = append(out, &pb.TitleView{Title: pb.Title_TITLE_SYNDICATE, Liquor: l, Holder: optSeat(s.Syndicates[l])})
	}
	return append(out, &pb.TitleView{Title: pb.Title_TITLE_WARD_BOSS, Holder: optSeat(s.WardBoss)})
}

// templates describe Move, Push and Unload, whose choices are too many to
// list. Each is offered only while some instance of it is legal.
func (s *state) templates(seat int) []engine.Template {
	var from, to, joints []string
	for _, d := range printed.AllDistricts() {
		if s.mobstersAt(seat, d) > 0 {
			from = append(from, d.String())
		}
		if s.controller(d) == seat && printed.Info(d).IsSpeakeasy() && s.dist(d).barrelCount() > 0 {
			joints = append(joints, d.String())
		}
		to = append(to, d.String())
	}
	slots := len(s.Seats[seat].SlotOwners)
	var out []engine.Template
	if slots >= 1 && len(from) > 0 {
		out = append(out, engine.Template{Name: "move", Description: "Move Mobsters (1 barrel each at most) to one Connected District",
			Command: cmd(&pb.Move{}), Params: []engine.Param{
				{Field: "move.from", Description: "where your Mobsters stand", Choices: from},
				{Field: "move.to", Description: "a Connected District: Safe turf, or Hostile turf (rival or Police), which starts a fight; " +
					"Blood Oath: your partner's, where you start no fight but may not end your Phase", Choices: to},
				{Field: "move.runners", Description: "Runners moving", Max: printed.RunnerSupply},
				{Field: "move.bosses", Description: "Bosses moving", Max: 2},
				{Field: "move.barrels", Description: "barrels carried from `from`", Max: printed.RunnerSupply + 2},
				{Field: "move.commandeer", Description: "replace an unguarded rival Safehouse with yours"},
			}})
		switch s.Seats[seat].Playbook {
		case pb.Playbook_PLAYBOOK_HARLEM_KNIGHTS:
			out[len(out)-1].Params = append(out[len(out)-1].Params, engine.Param{Field: "move.skiff",
				Description: "Skiff: up to 5 mobsters from a Coastal District you Control to any other Coastal District"})
		case pb.Playbook_PLAYBOOK_EAST_SIDE_VIPERS:
			out[len(out)-1].Params = append(out[len(out)-1].Params, engine.Param{Field: "move.stealth",
				Description: "Stealth: up to 5 mobsters, no liquor, into a Connected rival District with no Standoff (needs 2 Influence)"})
		}
		out = append(out, engine.Template{Name: "push", Description: "Push barrels between a District you Control and a Connected one",
			Command: cmd(&pb.Push{}), Params: []engine.Param{
				{Field: "push.from", Description: "where the barrels are", Choices: to},
				{Field: "push.to", Description: "a Connected District", Choices: to},
				{Field: "push.barrels", Description: "the barrels"},
				{Field: "push.back", Description: "a trade: barrels coming back from `to` (a rival's: their permission is asked)"},
			}})
	}
	if slots >= 2 && len(joints) > 0 {
		out = append(out, engine.Template{Name: "unload", Description: "Sell barrels at a Speakeasy you Control (Power Play)",
			Command: cmd(&pb.Unload{}), Params: []engine.Param{
				{Field: "unload.district", Description: "the Speakeasy", Choices: joints},
				{Field: "unload.barrels", Description: "barrels lying there", Min: 1},
				{Field: "unload.heat_owner", Description: "Greed Tax paid with two players' markers: whose goes to the Heat Track"},
			}})
	}
	return out
}
