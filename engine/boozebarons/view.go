package boozebarons

import (
	"slices"

	"google.golang.org/protobuf/proto"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/boozebarons/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/boozebarons/v1"
)

// View returns what v may know, and nothing else. This is the one redaction
// path for views; every field that is not public is decided here:
//   - a Booze card: its holder, or everyone once Exposed (or at the end);
//   - face-down Delivery cards: their holder (others see the count);
//   - a sealed Movement card: its holder;
//   - a look (Tail, Seedy Pete's) and the Casino cards: the actor;
//   - the deck order and the coins during play: the auditor only.
func (s *State) View(v engine.Viewer) proto.Message {
	out := &pb.View{}
	if s.players == 0 {
		return out
	}
	out.Players, out.Options = int32(s.players), proto.Clone(s.opts).(*pb.Options)
	if v.Kind == engine.Player {
		out.ViewerSeat = proto.Int32(int32(v.Seat))
	}
	out.Round, out.Phase, out.Baron = int32(s.round), s.phase, int32(s.baron)
	if s.turn >= 0 {
		out.Turn = proto.Int32(int32(s.turn))
	}
	for i := range s.seats {
		out.Seats = append(out.Seats, s.seatView(i, v))
	}
	for _, l := range printed.Locations {
		side := pb.Side_SIDE_A
		if l == docks {
			side = s.opts.GetDocksSide()
		}
		out.Locations = append(out.Locations, &pb.LocationView{Location: l, Side: side, Cards: faces(sortedIDs(s.at[l]))})
	}
	out.DeckSize = int32(len(s.deck))
	if v.SeesAll() {
		out.Deck = slices.Clone(s.deck)
	}
	out.SnitchTokensLeft = int32(printed.SnitchTokens(s.players) - s.snitches)
	if s.nextBaron >= 0 {
		out.NextBaron = proto.Int32(int32(s.nextBaron))
	}
	out.Pending = s.pendingView(v)
	out.MobsInPlay = slices.Clone(s.mobs)
	if s.result != nil {
		out.Result = proto.Clone(s.result).(*pb.GameEnded)
	}
	return out
}

// sees reports whether v may see seat i's private facts.
func sees(v engine.Viewer, i int) bool { return v.SeesAll() || v.IsSeat(engine.Seat(i)) }

func (s *State) seatView(i int, v engine.Viewer) *pb.PlayerView {
	p := &s.seats[i]
	pv := &pb.PlayerView{
		Seat: int32(i), Location: p.location, Exposed: p.exposed,
		DeliveryCardCount: int32(s.holdings(i)), FaceUp: faces(p.faceUp),
		FaceDownCount: int32(len(p.faceDown)), Played: p.played,
		SnitchTokens: int32(p.snitches), HasChosen: s.moves.HasChosen(engine.Seat(i)), Acted: p.acted, Resigned: p.resigned,
	}
	if sees(v, i) || p.exposed || s.result != nil {
		pv.BoozeType, pv.Mob = p.booze, printed.MobOf(p.booze)
	}
	if sees(v, i) {
		pv.FaceDown = faces(sortedIDs(p.faceDown))
		pv.Sealed = s.moves.Choice(engine.Seat(i))
	}
	for _, l := range printed.Locations {
		if p.hand[l] {
			pv.Hand = append(pv.Hand, l)
		}
	}
	for _, c := range p.collected {
		pv.Collected = append(pv.Collected, &pb.CollectedMovement{From: int32(c.from), Location: c.loc})
	}
	if v.SeesAll() || s.result != nil {
		pv.Coins = s.coins(i).Coins
	}
	return pv
}

func (s *State) pendingView(v engine.Viewer) *pb.Pending {
	if s.pend.kind == pb.PendingKind_PENDING_KIND_UNSPECIFIED {
		return nil
	}
	pv := &pb.Pending{Kind: s.pend.kind, Actor: int32(s.pend.actor), Target: int32(s.pend.target),
		Steals: int32(s.pend.steals), CasinoCount: int32(len(s.pend.casino))}
	if !sees(v, s.pend.actor) {
		return pv
	}
	switch s.pend.kind {
	case pb.PendingKind_PENDING_KIND_TAIL, pb.PendingKind_PENDING_KIND_SEEDY_PETES:
		pv.Looked = faces(sortedIDs(s.seats[s.pend.target].faceDown))
	case pb.PendingKind_PENDING_KIND_CASINO:
		pv.CasinoCards = faces(s.pend.casino)
	}
	return pv
}

// faces returns the faces of the cards, in the given order.
func faces(ids []int32) []*pb.DeliveryCard {
	var out []*pb.DeliveryCard
	for _, id := range ids {
		out = append(out, printed.FaceOf(id))
	}
	return out
}
