package browser

import (
	"crypto/sha256"
	"fmt"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/games"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
)

// bootleggersPlayer plays a Bootleggers seat in the browser. It decides as
// the game's own strategy does, from the seat's view and prompt, and plays
// each decision by clicking: a Muscle card picked in the hand, an offer's
// card picked on the board, the placements, loads and trades filled in
// their forms (a truck's destination picked on the board). Besides, it
// redevelops a speakeasy into a casino the first time it can afford one
// ([casinoSeat]), and from round 2 offers a trade (1G for
// nothing, which a bot accepts) on its Phase 4 turn until one is accepted
// (a casino's owner runs no truck: it has no Phase 4 turn).
type bootleggersPlayer struct {
	*seatGame
	mod     *games.Module
	r       *engine.Rand
	seat    int32
	players int32
	// casino is set once the seat redeveloped a speakeasy.
	casino bool
	// offers counts the trades it offered; accepted is set once one was.
	offers   int
	accepted bool
	// loads counts the truck runs sent with the form.
	loads int
}

func newBootleggersPlayer(g *seatGame, seat, players int32) *bootleggersPlayer {
	mod, ok := games.Default().Lookup("bootleggers")
	if !ok {
		g.t.Fatal("bootleggers is not hosted")
	}
	return &bootleggersPlayer{seatGame: g, mod: mod, seat: seat, players: players,
		r: engine.NewRand(sha256.Sum256(fmt.Appendf(nil, "browser bootleggers seat %d", seat)))}
}

// templateChoices are the choices a prompt's template offers for a field.
func templateChoices(pr *moonshinev1.Prompt, template, field string) []string {
	for _, t := range pr.GetTemplates() {
		if t.GetName() != template {
			continue
		}
		for _, p := range t.GetParams() {
			if p.GetField() == field {
				return p.GetChoices()
			}
		}
	}
	return nil
}

func (p *bootleggersPlayer) move(v *moonshinev1.GameView) {
	t := p.t
	pr := v.GetPrompt()
	bl := v.GetBootleggers()
	me := bl.GetSeats()[p.seat]
	if pr.GetReason() == "send-in-the-boys" && !p.casino {
		if choices := templateChoices(pr, "send-in-the-boys", "send_in_the_boys.redevelop"); len(choices) > 0 {
			p.openForm("send-in-the-boys")
			run(t, p.page, "choose the casino", fill(`select[data-field="send_in_the_boys.redevelop"]`, choices[0]))
			if p.sendForm("send-in-the-boys") {
				p.casino = true
				waitFor[bool](t, p.page, "the casino drawn", `!!document.querySelector(".place.kind-casino")`)
			}
			return
		}
	}
	if pr.GetReason() == "run-the-whiskey" && !p.accepted && p.offers < 4 && me.GetMoney() >= 1 && bl.GetRound() >= 2 && me.GetOffersMade() == 0 {
		p.offers++
		to := (p.seat + 1 + int32(p.offers)%(p.players-1)) % p.players
		p.proposeTrade(&pb.ProposeTrade{To: to, Give: &pb.Goods{Money: 1}, Get: &pb.Goods{}})
		return
	}
	prompt := engine.Prompt{Seat: engine.Seat(pr.GetSeat()), MustAct: pr.GetMustAct(), Reason: pr.GetReason()}
	for _, c := range pr.GetLegal() {
		inner, err := p.mod.Command(c)
		if err != nil {
			t.Fatalf("a legal command of another game: %v", c)
		}
		prompt.Legal = append(prompt.Legal, inner)
	}
	var cmd *pb.Command
	if m := p.mod.Policy.Choose(bl, prompt, p.r); m != nil {
		cmd = m.(*pb.Command)
	} else {
		cmd = prompt.Legal[0].(*pb.Command)
	}
	wrapped := p.mod.WrapCommand(cmd)
	switch k := cmd.GetKind().(type) {
	case *pb.Command_ChooseMuscle:
		p.pickThenClick(fmt.Sprintf(`.hand-card[data-pick="muscle:%d"]`, k.ChooseMuscle.GetCard()), wrapped)
	case *pb.Command_TakeMenOfAction:
		p.pickThenClick(fmt.Sprintf(`[data-pick="moa:%d"]`, k.TakeMenOfAction.GetSlot()), wrapped)
	case *pb.Command_SendInTheBoys:
		if len(k.SendInTheBoys.GetPlacements()) == 0 && k.SendInTheBoys.GetRedevelop() == 0 && k.SendInTheBoys.GetRingUpFrom() == 0 {
			p.click(wrapped)
			return
		}
		p.sendInTheBoys(k.SendInTheBoys)
	case *pb.Command_RunTheWhiskey:
		if len(k.RunTheWhiskey.GetRuns()) == 0 {
			p.click(wrapped)
			return
		}
		p.runTheWhiskey(k.RunTheWhiskey)
	case *pb.Command_ProposeTrade:
		p.proposeTrade(k.ProposeTrade)
	default:
		if i := p.buttonFor(wrapped); i >= 0 {
			p.clickNth(i)
			return
		}
		if _, ok := k.(*pb.Command_CallTheOrder); ok {
			p.openForm("call-the-order") // the trucks in line order
			p.sendForm("call-the-order")
			return
		}
		failed(t, p.page, "find a command")
		t.Fatalf("the page offers no way to send %v", cmd)
	}
}

// pickThenClick picks a board element, which narrows the commands to
// those about it, and clicks the command's button among them.
func (p *bootleggersPlayer) pickThenClick(pick string, cmd *moonshinev1.GameCommand) {
	run(p.t, p.page, "pick "+pick, chromedp.Click(chromedp.CSS(pick)), chromedp.WaitVisible(chromedp.CSS("#pick-filter")))
	p.click(cmd)
}

func (p *bootleggersPlayer) sendInTheBoys(c *pb.SendInTheBoys) {
	p.openForm("send-in-the-boys")
	for _, pl := range c.GetPlacements() {
		run(p.t, p.page, "place markers", fill(fmt.Sprintf(`input[data-field="send_in_the_boys.placements.%s"]`, pl.GetPlace()), fmt.Sprint(pl.GetMarkers())))
	}
	if r := c.GetRedevelop(); r != 0 {
		run(p.t, p.page, "choose the casino", fill(`select[data-field="send_in_the_boys.redevelop"]`, r.String()))
	}
	if r := c.GetRingUpFrom(); r != 0 {
		run(p.t, p.page, "ring up the boys", fill(`select[data-field="send_in_the_boys.ring_up_from"]`, r.String()))
	}
	if p.sendForm("send-in-the-boys") && c.GetRedevelop() != 0 {
		p.casino = true
	}
}

// runTheWhiskey loads each truck in its row of the form; the first
// truck's destination is picked on the board.
func (p *bootleggersPlayer) runTheWhiskey(c *pb.RunTheWhiskey) {
	p.openForm("run-the-whiskey")
	for i, r := range c.GetRuns() {
		row := fmt.Sprintf(`form.template .row[data-key="%d"]`, r.GetTruck())
		run(p.t, p.page, "load a truck", fill(row+` input[data-field="run_the_whiskey.runs.crates"]`, fmt.Sprint(r.GetCrates())))
		place := row + ` select[data-field="run_the_whiskey.runs.place"]`
		if i > 0 {
			run(p.t, p.page, "send a truck", fill(place, r.GetPlace().String()))
			continue
		}
		run(p.t, p.page, "pick where the truck goes", chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`document.querySelector(%q).focus()`, place)),
			chromedp.Click(chromedp.CSS(fmt.Sprintf(`.place[data-place=%q] .place-name`, r.GetPlace().String()))))
		got := waitFor[string](p.t, p.page, "the destination picked on the board", fmt.Sprintf(`document.querySelector(%q).value`, place))
		if got != r.GetPlace().String() {
			p.t.Errorf("a pick of %s on the board filled the destination with %s", r.GetPlace(), got)
			run(p.t, p.page, "send a truck", fill(place, r.GetPlace().String()))
		}
	}
	if p.sendForm("run-the-whiskey") {
		p.loads++
	}
}

// proposeTrade offers a trade with the form and waits for the answer.
func (p *bootleggersPlayer) proposeTrade(c *pb.ProposeTrade) {
	p.openForm("propose-trade")
	run(p.t, p.page, "choose whom to offer", fill(`select[data-field="propose_trade.to"]`, fmt.Sprint(c.GetTo())))
	side := func(name string, g *pb.Goods) {
		if g.GetMoney() > 0 {
			run(p.t, p.page, "money", fill(fmt.Sprintf(`input[data-field="propose_trade.%s.money"]`, name), fmt.Sprint(g.GetMoney())))
		}
		if g.GetCrates() > 0 {
			run(p.t, p.page, "crates", fill(fmt.Sprintf(`input[data-field="propose_trade.%s.crates"]`, name), fmt.Sprint(g.GetCrates())))
		}
		for _, id := range g.GetTrucks() {
			run(p.t, p.page, "a truck", chromedp.Click(chromedp.CSS(fmt.Sprintf(`input[data-field="propose_trade.%s.trucks"][value="%d"]`, name, id))))
		}
	}
	side("give", c.GetGive())
	side("get", c.GetGet())
	before := versionOf(p.t, p.page)
	if !p.sendForm("propose-trade") {
		return
	}
	// The bot answers an offer made to it when its turn to think comes
	// (bots trade among themselves too: only this offer's answer counts).
	deadline := time.Now().Add(15 * time.Second)
	offer := int32(-1)
	for time.Now().Before(deadline) {
		h, err := p.api.GetHistory(as(p.t.Context(), p.credential), &moonshinev1.GetHistoryRequest{GameId: p.gameID, AfterSeq: int64(before)})
		if err != nil {
			p.t.Fatal(err)
		}
		for _, e := range h.GetEvents() {
			b := e.GetPublic().GetBootleggers()
			switch {
			case b.GetTradeProposed() != nil && b.GetTradeProposed().GetFrom() == p.seat:
				offer = b.GetTradeProposed().GetOfferId()
			case b.GetTradeAnswered() != nil && b.GetTradeAnswered().GetOfferId() == offer:
				p.accepted = p.accepted || b.GetTradeAnswered().GetAccepted()
				return
			case b.GetTradeWithdrawn() != nil && b.GetTradeWithdrawn().GetOfferId() == offer:
				return
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	p.t.Logf("the offer to seat %d was not answered", c.GetTo())
}
