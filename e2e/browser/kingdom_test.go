package browser

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"google.golang.org/protobuf/proto"
)

// waitFor polls a JavaScript expression until it is truthy (a page
// renders a click's effect a frame or two later) and returns its value.
func waitFor[T comparable](t *testing.T, page context.Context, what, expr string) T {
	t.Helper()
	var zero T
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if v := read(t, page, what, chromedp.Evaluate[T](expr)); v != zero {
			return v
		}
		time.Sleep(50 * time.Millisecond)
	}
	failed(t, page, what)
	t.Fatalf("waited for %s (%s) in vain", what, expr)
	return zero
}

// count counts the elements matching a CSS selector.
func count(t *testing.T, page context.Context, selector string) int {
	t.Helper()
	return read(t, page, "count "+selector, chromedp.Evaluate[int](fmt.Sprintf("document.querySelectorAll(%q).length", selector)))
}

// text reads the text of the first element matching selector.
func text(t *testing.T, page context.Context, selector string) string {
	t.Helper()
	return read(t, page, "read "+selector, chromedp.Text(chromedp.CSS(selector)))
}

// choose sets a select's value as a person would, firing its change.
func choose(selector, value string) chromedp.Action[chromedp.Void] {
	return chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => { const s = document.querySelector(%q); s.value = %q; s.dispatchEvent(new Event("change", {bubbles: true})); })()`, selector, value))
}

// TestKingdomInTheBrowser plays a Moonshine Kingdom game in headless
// Chromium against the real server on PostgreSQL: alice opens a table
// with a bot in the lobby and takes seat 0, bob joins seat 2 from his own
// browser, they play commands by clicking (one built on the map from the
// Move template), each sees the other's moves arrive live, alice replays
// to an event, a spectator's page and the API responses it received hold
// no hidden fact, and the auditor verifies the seed's commitment.
func TestKingdomInTheBrowser(t *testing.T) {
	newPage := browser(t)
	base, api := startServer(t)

	alice := newPage()
	run(t, alice, "open the lobby", chromedp.Navigate(base+"/"), chromedp.WaitReady(chromedp.CSS(`#create-game-name option[value="moonshine-kingdom"]`)),
		chromedp.SendKeys(chromedp.CSS("#player-name"), "alice"),
		choose("#create-game-name", "moonshine-kingdom"),
		chromedp.Click(chromedp.CSS(`.bot-seat[data-seat="2"]`)), // seat 2 stays for bob
		chromedp.SendKeys(chromedp.CSS("#create-title"), "Browser night"))
	shoot(t, alice, "lobby")
	run(t, alice, "open the table", chromedp.Click(chromedp.CSS("#create-submit")),
		chromedp.WaitVisible(chromedp.CSS(`.table[data-role="seat"] svg.city`)))
	url := read(t, alice, "read the game's address", chromedp.Location())
	gameID := strings.TrimSuffix(strings.SplitN(strings.SplitN(url, "#/game/", 2)[1], "?", 2)[0], "/")
	if role := text(t, alice, "#role"); role != "You play alice" {
		t.Fatalf("alice's table shows role %q", role)
	}

	bob := newPage()
	run(t, bob, "bob joins in the lobby", chromedp.Navigate(base+"/"),
		chromedp.SendKeys(chromedp.CSS("#player-name"), "bob"),
		chromedp.Click(chromedp.CSS(fmt.Sprintf(`tr[data-game=%q] button.join`, gameID))),
		chromedp.WaitVisible(chromedp.CSS(`.table[data-role="seat"] svg.city`)))
	if role := text(t, bob, "#role"); role != "You play bob" {
		t.Fatalf("bob's table shows role %q", role)
	}

	players := map[string]context.Context{"alice": alice, "bob": bob}
	clicks, live, triedMove := 0, 0, false
	for round := 0; clicks < 8 && round < 60; round++ {
		acted := false
		for _, name := range []string{"alice", "bob"} {
			page, other := players[name], players[map[string]string{"alice": "bob", "bob": "alice"}[name]]
			// Both pages first catch up with the game, so that a click
			// plays the command the game waits for now and the other page
			// has a new event to receive.
			settle(t, api, gameID, alice, bob)
			if count(t, page, ".legal-command") == 0 {
				continue
			}
			before := versionOf(t, page)
			if !triedMove && count(t, page, `.template-tab[data-template="move"]`) > 0 {
				triedMove = true
				moveOnTheMap(t, page, name)
				continue
			}
			otherBefore := versionOf(t, other)
			run(t, page, name+" clicks a legal command", chromedp.Click(chromedp.CSS(".legal-command")))
			waitVersion(t, page, before, name)
			waitVersion(t, other, otherBefore, map[string]string{"alice": "bob", "bob": "alice"}[name]) // live, by WatchGame
			live++
			clicks++
			acted = true
		}
		if !acted {
			time.Sleep(150 * time.Millisecond) // the bot's turn
		}
	}
	if clicks < 6 || live < 6 || !triedMove {
		t.Fatalf("played %d commands by clicking (%d seen live by the other seat), Move tried: %v", clicks, live, triedMove)
	}
	shootAt(t, alice, "body", "table")
	if n := count(t, alice, "#log li"); n < clicks {
		t.Errorf("alice's event log shows %d events", n)
	}

	replayTo(t, alice, api, gameID, 7)
	shoot(t, alice, "replay")

	run(t, alice, "alice goes back to the table", chromedp.Click(chromedp.CSS(`a[href^="#/game/"]:not([href*="replay"])`)),
		chromedp.WaitVisible(chromedp.CSS(`.table[data-role="seat"] svg.city`)))

	spectator := newPage()
	recorded := recordBodies(t, spectator)
	if _, err := chromedp.Call(spectator, network.Enable, network.EnableParams{}); err != nil {
		t.Fatal(err)
	}
	run(t, spectator, "a spectator watches", chromedp.Navigate(base+"/#/game/"+gameID+"?as=spectator"),
		chromedp.WaitVisible(chromedp.CSS(`.table[data-role="spectator"] svg.city`)), chromedp.WaitVisible(chromedp.CSS("#log li")))
	shoot(t, spectator, "spectator")
	checkNoHiddenFact(t, alice, spectator, recorded, api, gameID)

	auditor := newPage()
	run(t, auditor, "the auditor gives the token", chromedp.Navigate(base+"/"), chromedp.Click(chromedp.CSS("#settings")),
		chromedp.SendKeys(chromedp.CSS("#auditor-token"), auditorToken), chromedp.Click(chromedp.CSS("#auditor-token + button")),
		chromedp.WaitVisible(`//button[@id="settings"][.="auditor token set"]`))
	// A new document (the query differs), not a hash change: Navigate
	// waits for a load.
	run(t, auditor, "the auditor opens the replay", chromedp.Navigate(base+"/?auditor#/game/"+gameID+"/replay?as=auditor"),
		chromedp.WaitVisible(chromedp.CSS("#verify")), chromedp.WaitVisible(chromedp.CSS("svg.city")))
	run(t, auditor, "the auditor verifies the seed", chromedp.Click(chromedp.CSS("#verify")), chromedp.WaitVisible(chromedp.CSS("#verdict")))
	if v := text(t, auditor, "#verdict"); !strings.HasPrefix(v, "verified: SHA-256 of the revealed seed") {
		t.Errorf("the auditor's verify says %q", v)
	}
	if count(t, auditor, ".hand-card") == 0 {
		t.Error("the auditor's replay shows no hand: it should see every seat's")
	}
}

// settle waits until every page shows the game's version as the server
// has it now.
func settle(t *testing.T, api moonshinev1.GameServiceClient, gameID string, pages ...context.Context) {
	t.Helper()
	g, err := api.GetGame(t.Context(), &moonshinev1.GetGameRequest{GameId: gameID})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range pages {
		if v := versionOf(t, p); v < int(g.GetGame().GetVersion()) {
			waitVersion(t, p, int(g.GetGame().GetVersion())-1, "a page catching up")
		}
	}
}

// moveOnTheMap builds a Move from the template by clicking two Districts
// and sends it: the server plays it or refuses it, and a refusal shows
// its reason.
func moveOnTheMap(t *testing.T, page context.Context, who string) {
	t.Helper()
	before := versionOf(t, page)
	run(t, page, who+" opens the Move template", chromedp.Click(chromedp.CSS(`.template-tab[data-template="move"]`)),
		chromedp.WaitVisible(chromedp.CSS(`form.template[data-template="move"]`)),
		chromedp.WaitVisible(chromedp.CSS(`.param.awaiting-pick select[data-field="move.from"]`)),
		pickWithKeys(".district.clickable")) // from: where her Mobsters stand
	from := waitFor[string](t, page, "move.from filled by the pick", `document.querySelector('select[data-field="move.from"]').value`)
	// The map now offers where to: the Districts Connected to from, and
	// no other.
	waitFor[bool](t, page, "the map offers where to", fmt.Sprintf(
		`!!document.querySelector('.param.awaiting-pick select[data-field="move.to"]') && !document.querySelector('.district.clickable[data-district=%q]')`, from))
	offered := read(t, page, "the Districts offered", chromedp.Evaluate[int](`document.querySelectorAll(".district.clickable").length`))
	if offered == 0 || offered >= 25 {
		t.Errorf("Move offers %d Districts to move to: the ones Connected to %s", offered, from)
	}
	run(t, page, who+" picks where to", pickWithKeys(fmt.Sprintf(`.district.clickable:not([data-district=%q])`, from)))
	waitFor[string](t, page, "move.to filled by the pick", `document.querySelector('select[data-field="move.to"]').value`)
	run(t, page, who+" sends the Move", chromedp.SendKeys(chromedp.CSS(`input[data-field="move.runners"]`), "1"),
		chromedp.Click(chromedp.CSS(".template-submit")))
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if versionOf(t, page) > before {
			return // played
		}
		if count(t, page, ".refusal[data-reason]:not([data-reason=''])") > 0 {
			// The server's words first, its reason code after them.
			why, code := text(t, page, ".refusal .why"), text(t, page, ".refusal .code")
			if why == "" || code == "" || strings.HasPrefix(why, code) {
				t.Errorf("the refusal shows %q then %q: the server's words first, then its reason", why, code)
			}
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatalf("%s's Move was neither played nor refused", who)
}

// replayTo steps the replay to event n with the buttons and checks the
// page shows that event's label and highlights what it changed.
func replayTo(t *testing.T, page context.Context, api moonshinev1.GameServiceClient, gameID string, n int) {
	t.Helper()
	run(t, page, "open the replay", chromedp.Click(chromedp.CSS(`a[href$="/replay"]`)), chromedp.WaitVisible(chromedp.CSS("#replay-first")))
	waitFor[bool](t, page, "the replay loads the events", `Number(document.querySelector("#replay-slider").max) > 1`)
	run(t, page, "go to the first event", chromedp.Click(chromedp.CSS("#replay-first")),
		chromedp.WaitVisible(`//span[@id="replay-seq"][starts-with(., "event 1 of")]`), chromedp.WaitVisible(chromedp.CSS("svg.city")))
	for i := 1; i < n; i++ {
		run(t, page, "step", chromedp.Click(chromedp.CSS("#replay-next")))
	}
	run(t, page, "wait for event n", chromedp.WaitVisible(fmt.Sprintf(`//span[@id="replay-seq"][starts-with(., "event %d of")]`, n)))
	// The label as the page's seat reads it ("you draft …"), with the
	// credential the page holds.
	credential := read(t, page, "read the seat's credential",
		chromedp.Evaluate[string](fmt.Sprintf(`JSON.parse(localStorage.getItem("moonshine.seat.%s")).credential`, gameID)))
	hist, err := api.GetHistory(as(t.Context(), credential), &moonshinev1.GetHistoryRequest{GameId: gameID, AfterSeq: int64(n - 1), PageSize: 1})
	if err != nil {
		t.Fatal(err)
	}
	ctx := as(t.Context(), auditorToken)
	if label := hist.GetEvents()[0].GetPublic().GetLabel(); label == "" {
		t.Errorf("event %d has no label: the Kingdom's events are labelled", n)
	} else if !seatNumber.MatchString(label) {
		run(t, page, "wait for the label", chromedp.WaitVisible(fmt.Sprintf(`//p[@id="event-label"][contains(., %q)]`, label)))
	} else if shown := text(t, page, "#event-label"); shown == "" || seatNumber.MatchString(shown) {
		t.Errorf("the replay shows event %d as %q: the server's label %q with the seats' names", n, shown, label)
	}
	// What the event changed, from the views before and after it.
	at := func(seq int64) *moonshinev1.GameView {
		v, err := api.GetViewAt(ctx, &moonshinev1.GetViewAtRequest{GameId: gameID, Seq: seq, Perspective: moonshinev1.Perspective_PERSPECTIVE_PUBLIC})
		if err != nil {
			t.Fatal(err)
		}
		return v.GetView()
	}
	before, after := at(int64(n-1)).GetMoonshineKingdom(), at(int64(n)).GetMoonshineKingdom()
	var want []string
	for i, s := range after.GetSeats() {
		if !proto.Equal(s, before.GetSeats()[i]) {
			want = append(want, fmt.Sprintf(`tr.changed[data-seat="%d"]`, s.GetSeat()))
		}
	}
	for i, d := range after.GetDistricts() {
		if !proto.Equal(d, before.GetDistricts()[i]) {
			want = append(want, fmt.Sprintf(`.district.changed[data-district=%q]`, d.GetDistrict().String()))
		}
	}
	time.Sleep(300 * time.Millisecond)
	for _, sel := range want {
		if count(t, page, sel) != 1 {
			t.Errorf("replay at event %d does not highlight %s", n, sel)
		}
	}
	if got := count(t, page, ".changed"); len(want) > 0 && got == 0 {
		t.Errorf("replay at event %d highlights nothing", n)
	}
}

// checkNoHiddenFact compares the spectator's page with what the auditor
// knows: no Contract in any hand, no private event part, no seed, in the
// DOM or in any API response the page received; and, so that the check
// can fail, alice's own page does show her hand.
func checkNoHiddenFact(t *testing.T, alice, spectator context.Context, recorded *bodies, api moonshinev1.GameServiceClient, gameID string) {
	t.Helper()
	full, err := api.GetView(as(t.Context(), auditorToken), &moonshinev1.GetViewRequest{GameId: gameID})
	if err != nil {
		t.Fatal(err)
	}
	var hands []uint32
	for _, s := range full.GetView().GetMoonshineKingdom().GetSeats() {
		hands = append(hands, s.GetHand()...)
		if s.GetSeat() == 0 && len(s.GetHand()) > 0 {
			// So that the check can fail: alice's page shows her own hand.
			if n := count(t, alice, `.hand[data-seat="0"] .hand-card`); n != len(s.GetHand()) {
				t.Errorf("alice's own page shows %d of the %d Contracts in her hand", n, len(s.GetHand()))
			}
		}
	}
	if len(hands) == 0 {
		t.Fatal("nobody holds a Contract: the check would prove nothing")
	}
	if n := count(t, spectator, ".hand-card"); n != 0 {
		t.Errorf("the spectator's page shows %d cards of a hand", n)
	}
	page := read(t, spectator, "read the spectator's page", chromedp.OuterHTML(chromedp.CSS("html")))
	for _, c := range hands {
		if strings.Contains(page, fmt.Sprintf(`data-card="%d"`, c)) {
			t.Errorf("the spectator's page shows Contract %d, which is in a hand", c)
		}
	}
	time.Sleep(500 * time.Millisecond) // the last bodies are read
	got := recorded.all()
	if len(got) < 3 {
		t.Fatalf("recorded %d API responses of the spectator's page", len(got))
	}
	sawHistory := false
	for url, body := range got {
		sawHistory = sawHistory || strings.Contains(url, "/GetHistory")
		if hidden := hiddenIn(body); len(hidden) > 0 {
			t.Errorf("%s shows the spectator %v", url, hidden)
		}
	}
	if !sawHistory {
		t.Error("the spectator's page read no history: its events went unchecked")
	}
}
