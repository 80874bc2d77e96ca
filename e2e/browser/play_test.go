package browser

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"google.golang.org/protobuf/encoding/protojson"
)

// A seat's game in the browser: the page, the API as the seat (to decide
// what to play from the seat's own view, as a player reads the page), and
// what the seat did.
type seatGame struct {
	t          *testing.T
	page       context.Context
	api        moonshinev1.GameServiceClient
	gameID     string
	credential string
	// moves is the number of commands played by clicking.
	moves int
	// refused counts the moves the server refused.
	refused int
}

// credentialOf reads the seat's credential the page keeps.
func credentialOf(t *testing.T, page context.Context, gameID string) string {
	t.Helper()
	return read(t, page, "read the seat's credential",
		chromedp.Evaluate[string](fmt.Sprintf(`JSON.parse(localStorage.getItem("moonshine.seat.%s") ?? "{}").credential ?? ""`, gameID)))
}

// gameIDOf reads the game's id from the page's address.
func gameIDOf(t *testing.T, page context.Context) string {
	t.Helper()
	url := read(t, page, "read the game's address", chromedp.Location())
	return strings.TrimSuffix(strings.SplitN(strings.SplitN(url, "#/game/", 2)[1], "?", 2)[0], "/")
}

// view reads the seat's view, at least at version min.
func (g *seatGame) view(min int) *moonshinev1.GameView {
	g.t.Helper()
	v, err := g.api.GetView(as(g.t.Context(), g.credential), &moonshinev1.GetViewRequest{GameId: g.gameID, MinVersion: int64(min)})
	if err != nil {
		g.t.Fatalf("the seat's view: %v", err)
	}
	return v.GetView()
}

// awaitTurn waits until the page shows its seat's turn at the version the
// server has, and returns that view; or, once the game is over and the
// page shows its final scores, nil.
func (g *seatGame) awaitTurn() *moonshinev1.GameView {
	g.t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		pv := versionOf(g.t, g.page)
		v := g.view(pv)
		if v.GetOutcome() != nil && (len(v.GetOutcome().GetWinners()) > 0 || v.GetOutcome().GetSummary() != "") {
			waitFor[bool](g.t, g.page, "the final scores", `!!document.querySelector("#final-scores table.scores")`)
			return nil
		}
		if int(v.GetInfo().GetVersion()) == pv && v.GetPrompt().GetMustAct() {
			ready := read(g.t, g.page, "is it my turn", chromedp.Evaluate[bool](
				`!!document.querySelector("#commands") && document.querySelector("#commands h2").textContent.startsWith("Your turn") && !document.querySelector("#commands button:disabled.legal-command, #commands .template-submit:disabled")`))
			if ready {
				return v
			}
		}
		time.Sleep(60 * time.Millisecond)
	}
	failed(g.t, g.page, "await the seat's turn")
	g.t.Fatalf("the seat's turn never came")
	return nil
}

// played waits until the page is past version before (the move was
// played) or shows a refusal; it reports whether the move was played.
func (g *seatGame) played(before int, what string) bool {
	g.t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		if versionOf(g.t, g.page) > before {
			g.moves++
			return true
		}
		if msg := read(g.t, g.page, "read a refusal", chromedp.Evaluate[string](`document.querySelector("aside .refusal")?.textContent ?? ""`)); msg != "" {
			g.refused++
			g.t.Logf("%s was refused: %s", what, msg)
			if g.refused > 8 {
				failed(g.t, g.page, what)
				g.t.Fatalf("too many refusals")
			}
			return false
		}
		time.Sleep(50 * time.Millisecond)
	}
	failed(g.t, g.page, what)
	g.t.Fatalf("%s was neither played nor refused", what)
	return false
}

// commandJSON is a command as JSON values, to compare with a button's.
func commandJSON(t *testing.T, c *moonshinev1.GameCommand) any {
	t.Helper()
	b, err := protojson.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	return v
}

// buttonFor finds the legal command's button that sends cmd: its index
// among the buttons shown, or -1.
func (g *seatGame) buttonFor(cmd *moonshinev1.GameCommand) int {
	g.t.Helper()
	shown := read(g.t, g.page, "read the commands", chromedp.Evaluate[[]string](`[...document.querySelectorAll("#commands .legal-command")].map((b) => b.dataset.command)`))
	want := commandJSON(g.t, cmd)
	for i, s := range shown {
		var got any
		if json.Unmarshal([]byte(s), &got) == nil && reflect.DeepEqual(got, want) {
			return i
		}
	}
	return -1
}

// click plays the command by clicking its button; it reports whether it
// was played.
func (g *seatGame) click(cmd *moonshinev1.GameCommand) bool {
	g.t.Helper()
	i := g.buttonFor(cmd)
	if i < 0 {
		failed(g.t, g.page, "find a command's button")
		g.t.Fatalf("no button sends %v", cmd)
	}
	return g.clickNth(i)
}

// clickNth clicks the i-th legal command's button.
func (g *seatGame) clickNth(i int) bool {
	g.t.Helper()
	sel := fmt.Sprintf(`#commands .legal > .legal-command:nth-child(%d)`, i+1)
	label := text(g.t, g.page, sel)
	before := versionOf(g.t, g.page)
	run(g.t, g.page, "click "+label, chromedp.Click(chromedp.CSS(sel)))
	return g.played(before, label)
}

// openForm opens a template's form.
func (g *seatGame) openForm(name string) {
	g.t.Helper()
	run(g.t, g.page, "open the form "+name, chromedp.Click(chromedp.CSS(fmt.Sprintf(`.template-tab[data-template=%q]`, name))),
		chromedp.WaitVisible(chromedp.CSS(fmt.Sprintf(`form.template[data-template=%q]`, name))))
}

// sendForm sends the open form; it reports whether the command was played.
func (g *seatGame) sendForm(name string) bool {
	g.t.Helper()
	before := versionOf(g.t, g.page)
	run(g.t, g.page, "send the form "+name, chromedp.Click(chromedp.CSS(fmt.Sprintf(`form.template[data-template=%q] .template-submit`, name))))
	if problem := read(g.t, g.page, "read the form's problem", chromedp.Evaluate[string](`document.querySelector("form.template .refusal")?.textContent ?? ""`)); problem != "" {
		failed(g.t, g.page, "send "+name)
		g.t.Fatalf("the form %s could not be sent: %s", name, problem)
	}
	return g.played(before, "the form "+name)
}

// seatNumber finds a seat named by its number ("seat 2"), which a page
// shows as the seat's name.
var seatNumber = regexp.MustCompile(`(?i)\bseat \d`)

// fill sets an input's or a select's value as typing or choosing would,
// firing the event the page listens to.
func fill(selector, value string) chromedp.Action[chromedp.Void] {
	return chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => {
		const e = document.querySelector(%q);
		if (!e) throw new Error("nothing matches " + %q);
		e.focus();
		e.value = %q;
		e.dispatchEvent(new Event(e.tagName === "SELECT" ? "change" : "input", {bubbles: true}));
	})()`, selector, selector, value))
}

// pickWithKeys picks a board element with the keyboard: focus, then Enter.
func pickWithKeys(selector string) chromedp.Action[chromedp.Void] {
	return chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => {
		const e = document.querySelector(%q);
		if (!e) throw new Error("nothing matches " + %q);
		e.focus();
		e.dispatchEvent(new KeyboardEvent("keydown", {key: "Enter", bubbles: true}));
	})()`, selector, selector))
}

// checkFinal checks the page's final score table against the outcome: a
// row per seat, the winners marked, the viewer named "You".
func (g *seatGame) checkFinal(players int) *moonshinev1.GameView {
	g.t.Helper()
	v := g.view(0)
	o := v.GetOutcome()
	rows := count(g.t, g.page, "#final-scores table.scores tbody tr")
	if rows != players {
		g.t.Errorf("the final score table has %d rows for %d seats", rows, players)
	}
	for _, w := range o.GetWinners() {
		if count(g.t, g.page, fmt.Sprintf(`#final-scores tr.winner[data-seat="%d"]`, w)) != 1 {
			g.t.Errorf("the final score table does not mark seat %d as the winner", w)
		}
	}
	table := text(g.t, g.page, "#final-scores")
	if !strings.Contains(table, "You") {
		g.t.Errorf("the final scores do not name the viewer You: %q", table)
	}
	if seatNumber.MatchString(table) {
		g.t.Errorf("the final scores name a seat by number: %q", table)
	}
	return v
}
