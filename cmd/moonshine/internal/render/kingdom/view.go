package kingdom

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/moonshine-games/moonshine/cmd/moonshine/internal/render"
	"github.com/moonshine-games/moonshine/engine/kingdom/printed"
	mk "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
)

// View writes the Moonshine Kingdom part of a view: the Day, phase and
// Moon, the turn order, the market, the Heat Track, each seat (cash,
// Influence, Respect, titles), the caller's Contract hand, the Districts
// with pieces or barrels, the decks, a Raid or fight under way, a proposed
// Push and the open deals. Whom the game waits for, and why, is the
// envelope's (the server's words, for every game).
func View(w io.Writer, v *mk.View, seats render.Seats) {
	if v == nil {
		return
	}
	phase := strings.ToLower(strings.TrimPrefix(v.GetPhase().String(), "PHASE_"))
	fmt.Fprintf(w, "Day %d (%s Moon), %s phase\n", v.GetDay(), enumName(v.GetMoon()), strings.ReplaceAll(phase, "_", " "))
	fmt.Fprintf(w, "turn order: %s\n", turnOrder(v))
	var market []string
	for i, l := range printed.Liquors {
		if i < len(v.GetMarket()) && i < len(v.GetBarrelSupply()) {
			market = append(market, fmt.Sprintf("%s %s (%d in supply)", enumName(l), printed.Dollars(v.GetMarket()[i]), v.GetBarrelSupply()[i]))
		}
	}
	fmt.Fprintf(w, "market: %s\n", strings.Join(market, ", "))
	fmt.Fprintf(w, "Heat Track: %s\n", heatLine(v.GetHeat()))
	if v.GetCrackdown() > 0 {
		fmt.Fprintf(w, "Federal Crackdown Tracker: space %d\n", v.GetCrackdown())
	}
	for i, p := range v.GetPartners() {
		if uint32(i) < p {
			fmt.Fprintf(w, "Blood Oath: seats %d and %d are partners\n", i, p)
		}
	}
	if v.Rat != nil {
		fmt.Fprintf(w, "the Rat Card: seat %d\n", v.GetRat())
	}
	if v.GetPhase() == mk.Phase_PHASE_BREW {
		fmt.Fprintf(w, "Brew dice left: Red %s; White %s\n", render.Ints(v.GetRedPool()), render.Ints(v.GetWhitePool()))
	}
	fmt.Fprintln(w, "seats:")
	for _, sv := range v.GetSeats() {
		fmt.Fprintf(w, "  %s\n", kingdomSeatLine(seats, v, sv))
		for _, k := range sv.GetStaked() {
			fmt.Fprintf(w, "      staked: %s, %s left\n", printed.ContractLabel(k.GetCard()), printed.Plural(k.GetMarkers(), "marker"))
		}
		if len(sv.GetCompleted()) > 0 {
			fmt.Fprintf(w, "      completed: %s\n", printed.ContractsLabel(sv.GetCompleted()))
		}
	}
	handBlock(w, v)
	fmt.Fprintln(w, "districts (all of them; `moonshine board` shows how they are Connected):")
	for _, d := range v.GetDistricts() {
		fmt.Fprintf(w, "  %s\n", districtLine(d))
	}
	var decks []string
	for _, d := range v.GetDecks() {
		s := fmt.Sprintf("%s %d to draw, %d discarded", enumName(d.GetTier()), d.GetDraw(), d.GetDiscards())
		if len(d.GetFaceUp()) > 0 {
			s += " (face up: " + printed.ContractsLabel(d.GetFaceUp()) + ")"
		}
		decks = append(decks, s)
	}
	fmt.Fprintf(w, "Contract decks: %s\n", strings.Join(decks, "; "))
	if r := v.GetRaid(); r != nil {
		fmt.Fprintln(w, raidLine(r))
	}
	if f := v.GetFight(); f != nil {
		fmt.Fprintln(w, fightLine(f))
	}
	if p := v.GetProposal(); p != nil {
		fmt.Fprintf(w, "proposed: seat %d asks seat %d to allow: %s\n", p.GetSeat(), p.GetRival(), pushText(p.GetPush()))
	}
	for _, d := range v.GetDeals() {
		fmt.Fprintln(w, dealLine(d))
	}
}

// turnOrder lists the seats by Turn Token, the current Moon's first.
func turnOrder(v *mk.View) string {
	seats := slices.Clone(v.GetSeats())
	key := func(s *mk.SeatView) uint32 {
		if s.GetTokenMoon() != v.GetMoon() {
			return s.GetTurnToken() + 10
		}
		return s.GetTurnToken()
	}
	slices.SortStableFunc(seats, func(a, b *mk.SeatView) int { return int(key(a)) - int(key(b)) })
	out := make([]string, len(seats))
	for i, s := range seats {
		out[i] = fmt.Sprintf("seat %d (%s Moon token %d)", s.GetSeat(), enumName(s.GetTokenMoon()), s.GetTurnToken())
	}
	return strings.Join(out, ", ")
}

// heatLine lists the owners of the Heat markers.
func heatLine(heat []uint32) string {
	if len(heat) == 0 {
		return fmt.Sprintf("empty (a Raid at %d markers)", printed.HeatTrackSize)
	}
	out := make([]string, len(heat))
	for i, o := range heat {
		out[i] = fmt.Sprintf("seat %d", o)
	}
	return fmt.Sprintf("%s (%d of %d)", strings.Join(out, ", "), len(heat), printed.HeatTrackSize)
}

// kingdomSeatLine describes one seat in a line.
func kingdomSeatLine(seats render.Seats, v *mk.View, s *mk.SeatView) string {
	parts := []string{
		seats(int32(s.GetSeat())),
		fmt.Sprintf("%s from %s", enumName(s.GetPlaybook()), enumName(s.GetHome())),
		printed.Dollars(s.GetCash()) + " cash",
		fmt.Sprintf("Influence %d (%d in the Stash, %d slotted)", s.GetInfluence(), s.GetStash(), len(s.GetSlots())),
		fmt.Sprintf("Respect %d", s.GetRespect()),
		printed.Plural(s.GetHandSize(), "Contract") + " in hand",
		fmt.Sprintf("supply: %s, %s", printed.Mobsters(s.GetRunnerSupply(), s.GetBossSupply()), printed.Plural(s.GetSafehouseSupply(), "Safehouse")),
	}
	var titles []string
	for _, t := range v.GetTitles() {
		if t.Holder != nil && t.GetHolder() == s.GetSeat() {
			titles = append(titles, titleName(t.GetTitle(), t.GetBorough(), t.GetLiquor()))
		}
	}
	for _, f := range s.GetFavors() {
		titles = append(titles, "the Favor of "+enumName(f))
	}
	if s.GetCommission() {
		titles = append(titles, "a Commission card")
	}
	if len(titles) > 0 {
		parts = append(parts, "holds "+strings.Join(titles, ", "))
	}
	if s.GetLoans() > 0 {
		parts = append(parts, "owes Shylock "+printed.Plural(s.GetLoans(), "Mark"))
	}
	if s.GetLaidLow() {
		parts = append(parts, "laid low")
	}
	if s.GetHustled() {
		parts = append(parts, "hustled today")
	}
	return strings.Join(parts, "; ")
}

// handBlock writes the Contract hand the view shows: the caller's (or
// every seat's, for the auditor).
func handBlock(w io.Writer, v *mk.View) {
	for _, s := range v.GetSeats() {
		if len(s.GetHand()) == 0 && (v.You == nil || v.GetYou() != s.GetSeat()) {
			continue
		}
		whose := fmt.Sprintf("seat %d's Contracts", s.GetSeat())
		if v.You != nil && v.GetYou() == s.GetSeat() {
			whose = "your Contracts"
		}
		fmt.Fprintf(w, "%s: %s\n", whose, printed.ContractsLabel(s.GetHand()))
	}
}

// districtLine describes a District: its pieces, barrels or Precinct, or
// that it is empty.
func districtLine(d *mk.DistrictView) string {
	var parts []string
	if d.GetPrecinct() {
		parts = append(parts, "Precinct (Police Turf)")
	}
	for _, f := range d.GetForces() {
		s := fmt.Sprintf("seat %d: %s", f.GetSeat(), printed.Mobsters(f.GetRunners(), f.GetBosses()))
		if f.GetSafehouse() {
			s += ", Safehouse"
		}
		if f.GetPinned() {
			s += ", pinned"
		}
		parts = append(parts, s)
	}
	if len(d.GetBarrels()) > 0 {
		parts = append(parts, printed.BarrelsLabel(d.GetBarrels()))
	}
	if len(parts) == 0 {
		parts = append(parts, "empty")
	}
	if d.Controller != nil {
		parts = append(parts, fmt.Sprintf("controlled by seat %d", d.GetController()))
	}
	if d.GetDistrict() < 1 || int(d.GetDistrict()) > printed.NumDistricts {
		return fmt.Sprintf("%s: %s", district(d.GetDistrict()), strings.Join(parts, "; "))
	}
	info := printed.Info(d.GetDistrict())
	return fmt.Sprintf("%s (%s, %s, Still %d): %s", info.Name, enumName(info.Borough), enumName(info.Kind), d.GetStill(), strings.Join(parts, "; "))
}

// raidLine describes a Raid under way.
func raidLine(r *mk.RaidView) string {
	s := fmt.Sprintf("Police Raid (%s) on seat %d; Precincts still to strike: %s", enumName(r.GetTrigger()), r.GetTarget(), districtList(r.GetPrecincts()))
	if len(r.GetTied()) > 0 {
		s += "; tied for the Big Bust: " + districtList(r.GetTied())
	}
	if r.GetHit() != mk.District_DISTRICT_UNSPECIFIED {
		s += "; hit: " + district(r.GetHit())
	}
	return s
}

// pushText describes a Push, a trade included.
func pushText(x *mk.Push) string {
	s := fmt.Sprintf("push %s from %s to %s", printed.BarrelsLabel(x.GetBarrels()), district(x.GetFrom()), district(x.GetTo()))
	if len(x.GetBack()) > 0 {
		s += " and take back " + printed.BarrelsLabel(x.GetBack())
	}
	return s
}
