package browser

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
)

// openHumanTable opens a 2-seat Moonshine Kingdom table in the lobby with
// no bot, as its creator (seat 0), with a turn timer when timer is set.
func openHumanTable(t *testing.T, page context.Context, base, name, timer string) string {
	t.Helper()
	run(t, page, name+" opens the lobby", chromedp.Navigate(base+"/"),
		chromedp.WaitReady(chromedp.CSS(`#create-game-name option[value="moonshine-kingdom"]`)),
		chromedp.Evaluate[chromedp.Void](`document.querySelector("#player-name").value = ""`),
		chromedp.SendKeys(chromedp.CSS("#player-name"), name),
		choose("#create-game-name", "moonshine-kingdom"), choose("#create-players", "2"),
		chromedp.Evaluate[chromedp.Void](`document.querySelectorAll(".bot-seat").forEach((b) => { if (b.checked) b.click(); })`))
	if timer != "" {
		run(t, page, "set a turn timer", choose("#create-timer", timer))
	}
	run(t, page, name+" opens the table", chromedp.Click(chromedp.CSS("#create-submit")),
		chromedp.WaitVisible(chromedp.CSS(`.table[data-role="seat"] svg.city`)))
	return gameIDOf(t, page)
}

// joinInLobby takes the free seat of a table in the lobby.
func joinInLobby(t *testing.T, page context.Context, base, gameID, name string) {
	t.Helper()
	run(t, page, name+" joins in the lobby", chromedp.Navigate(base+"/"),
		chromedp.WaitVisible(chromedp.CSS(fmt.Sprintf(`tr[data-game=%q] button.join`, gameID))),
		chromedp.Evaluate[chromedp.Void](`document.querySelector("#player-name").value = ""`),
		chromedp.SendKeys(chromedp.CSS("#player-name"), name),
		chromedp.Click(chromedp.CSS(fmt.Sprintf(`tr[data-game=%q] button.join`, gameID))),
		chromedp.WaitVisible(chromedp.CSS(`.table[data-role="seat"] svg.city`)))
}

// confirm answers the page's "are you sure" with yes.
func confirm(t *testing.T, page context.Context, button string) {
	t.Helper()
	run(t, page, "click "+button, chromedp.Click(chromedp.CSS(button)), chromedp.WaitVisible(chromedp.CSS("#confirm-yes")),
		chromedp.Click(chromedp.CSS("#confirm-yes")))
}

// TestTableLife plays the table's life around a game between two people
// in their own browsers: the player count bound to the variant's range, a
// turn timer counting down, table talk, the "your turn" signal, a takeback
// (asked of the other seat when it needs consent), a credential replaced
// by the table's creator (the old one's page offers to watch or to forget
// the seat, and the new one takes the seat again), a resignation ending
// the game with its final scores; then a table cancelled by its creator
// and a seat left before the start.
func TestTableLife(t *testing.T) {
	newPage := browser(t)
	base, api := startServer(t)
	alice, bob := newPage(), newPage(narrow)

	run(t, alice, "the lobby", chromedp.Navigate(base+"/"), chromedp.WaitReady(chromedp.CSS(`#create-game-name option[value="moonshine-kingdom"]`)),
		choose("#create-game-name", "moonshine-kingdom"), choose("#create-variant", "blood-oath"))
	if got := read(t, alice, "the player counts offered", chromedp.Evaluate[string](`[...document.querySelectorAll("#create-players option")].map((o) => o.value).join(",")`)); got != "4" {
		t.Errorf("the Blood Oath (4 players) offers tables of %s players", got)
	}
	gameID := openHumanTable(t, alice, base, "alice", "600")
	joinInLobby(t, bob, base, gameID, "bob")

	// The clocks start once both seats are taken, and count down.
	before := waitFor[string](t, alice, "a clock running", `document.querySelector("#clocks li.running")?.textContent ?? ""`)
	time.Sleep(2100 * time.Millisecond)
	after := waitFor[string](t, alice, "the clock again", `document.querySelector("#clocks li.running")?.textContent ?? ""`)
	if before == after || !strings.Contains(after, ":") {
		t.Errorf("the turn clock reads %q, then %q two seconds later", before, after)
	}

	// Table talk.
	run(t, alice, "alice talks", chromedp.SendKeys(chromedp.CSS("#talk-text"), "evening, gentlemen"), chromedp.Click(chromedp.CSS("#say button[type=submit]")))
	heard := waitFor[string](t, bob, "bob hears alice", `[...document.querySelectorAll("#talk li")].map((l) => l.textContent).find((s) => s.includes("evening")) ?? ""`)
	if !strings.Contains(heard, "alice") || seatNumber.MatchString(heard) {
		t.Errorf("bob's page shows the talk as %q", heard)
	}

	// The seat whose turn it is sees it in the tab's title; the other does not.
	pages := map[int]context.Context{0: alice, 1: bob}
	names := map[int]string{0: "alice", 1: "bob"}
	v, err := api.GetView(t.Context(), &moonshinev1.GetViewRequest{GameId: gameID})
	if err != nil {
		t.Fatal(err)
	}
	turn := int(v.GetView().GetWaiting()[0].GetSeat())
	mover, other := pages[turn], pages[1-turn]
	waitFor[bool](t, mover, "the your-turn title", `document.title.startsWith("● Your turn")`)
	if title := read(t, other, "the other title", chromedp.Evaluate[string](`document.title`)); strings.Contains(title, "Your turn") {
		t.Errorf("%s's tab says %q while it is %s's turn", names[1-turn], title, names[turn])
	}

	// A move, then its takeback.
	g := &seatGame{t: t, page: mover, api: api, gameID: gameID, credential: credentialOf(t, mover, gameID)}
	g.clickNth(0)
	run(t, mover, names[turn]+" takes the move back", chromedp.Click(chromedp.CSS("#takeback")))
	deadline := time.Now().Add(10 * time.Second)
	for {
		if count(t, mover, "#takeback-ask-others") > 0 {
			run(t, mover, "ask the other seat", chromedp.Click(chromedp.CSS("#takeback-ask-others")))
			run(t, other, "the other seat allows it", chromedp.WaitVisible(chromedp.CSS("#takeback-allow")), chromedp.Click(chromedp.CSS("#takeback-allow")))
			break
		}
		if strings.Contains(read(t, mover, "the notice", chromedp.Evaluate[string](`document.querySelector(".table-actions .notice")?.textContent ?? ""`)), "taken back") {
			break
		}
		if time.Now().After(deadline) {
			failed(t, mover, "take back")
			t.Fatal("the takeback was neither done nor asked")
		}
		time.Sleep(100 * time.Millisecond)
	}
	waitTableEvent(t, api, gameID, func(e *moonshinev1.TableEvent) bool { return e.GetTakenBack() != nil }, "the move taken back")

	// The creator replaces bob's credential: bob's page offers a way out,
	// and the new credential takes the seat again.
	run(t, alice, "alice replaces bob's credential", chromedp.Click(chromedp.CSS("details.rotate summary")),
		chromedp.Click(chromedp.CSS(`.rotate-seat[data-seat="1"]`)), chromedp.WaitVisible(chromedp.CSS("#new-credential code")))
	fresh := text(t, alice, "#new-credential code")
	if count(t, bob, "#stale") == 0 {
		run(t, bob, "bob's page reads again", chromedp.Reload())
	}
	run(t, bob, "bob's page offers a way out", chromedp.WaitVisible(chromedp.CSS("#stale")), chromedp.WaitVisible(chromedp.CSS("#stale-watch")))
	checkAxe(t, bob, "a stale seat's page")
	run(t, bob, "bob forgets the seat", chromedp.Click(chromedp.CSS("#stale-forget")), chromedp.WaitVisible(chromedp.CSS(`.table[data-role="spectator"]`)))
	if credentialOf(t, bob, gameID) != "" {
		t.Error("bob's browser still keeps the old credential")
	}
	run(t, bob, "bob takes his seat with the new credential", chromedp.Click(chromedp.CSS("details.claim summary")),
		chromedp.SendKeys(chromedp.CSS("#claim-credential"), fresh), chromedp.Click(chromedp.CSS("#claim-form button[type=submit]")),
		chromedp.WaitVisible(chromedp.CSS(`.table[data-role="seat"] svg.city`)))
	if role := text(t, bob, "#role"); role != "You play bob" {
		t.Errorf("with the new credential bob's page shows %q", role)
	}

	// bob resigns: alice wins, and both see the final scores.
	confirm(t, bob, "#resign")
	for who, p := range pages {
		waitFor[bool](t, p, names[who]+"'s final scores", `!!document.querySelector("#final-scores table.scores")`)
	}
	if count(t, alice, `#final-scores tr.winner[data-seat="0"]`) != 1 {
		t.Errorf("alice's page does not show her as the winner: %s", text(t, alice, "#final-scores"))
	}

	// A table cancelled by its creator before the start.
	cancelled := openHumanTable(t, alice, base, "alice", "")
	confirm(t, alice, "#cancel-table")
	waitFor[bool](t, alice, "the table cancelled", `document.querySelector("#final-title")?.textContent === "Table cancelled"`)
	if g, err := api.GetGame(t.Context(), &moonshinev1.GetGameRequest{GameId: cancelled}); err != nil || !g.GetGame().GetCancelled() {
		t.Errorf("the table is not cancelled: %v %v", g, err)
	}

	// A seat left before the start.
	left := openHumanTable(t, alice, base, "alice", "")
	joinInLobby(t, bob, base, left, "bob")
	run(t, bob, "bob opens what may be done before the start", chromedp.Click(chromedp.CSS("details.before-start summary")))
	confirm(t, bob, "#leave")
	run(t, bob, "bob watches", chromedp.WaitVisible(chromedp.CSS(`.table[data-role="spectator"]`)))
	g2, err := api.GetGame(t.Context(), &moonshinev1.GetGameRequest{GameId: left})
	if err != nil {
		t.Fatal(err)
	}
	if g2.GetGame().GetSeats()[1].GetClaimed() {
		t.Error("bob's seat is still claimed after he left")
	}
}

// waitTableEvent waits until the game's history holds a table event.
func waitTableEvent(t *testing.T, api moonshinev1.GameServiceClient, gameID string, is func(*moonshinev1.TableEvent) bool, what string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		h, err := api.GetHistory(t.Context(), &moonshinev1.GetHistoryRequest{GameId: gameID})
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range h.GetEvents() {
			if te := e.GetPublic().GetTable(); te != nil && is(te) {
				return
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatalf("%s: no such table event", what)
}
