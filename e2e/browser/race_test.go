package browser

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
)

// TestEventsShownOnce loads a table's page while its events arrive and
// checks that each page lists each event once. A table of bots only is
// opened in the lobby, which takes its page to the spectator's seat (not
// to a refusal: no seat is left to take); more pages of it open while the
// bots play, each reading the last events (GetHistory) while new ones
// stream in. Every page, once the game is over, lists each seq once, with
// no gap up to the game's last event. Each page follows the game with
// the batched stream (each append of a bot's command, events of several
// at once, in one response).
func TestEventsShownOnce(t *testing.T) {
	newPage := browser(t)
	base, api := startServer(t)
	first := newPage()
	watches := []func() []string{watchRequests(t, first)}
	run(t, first, "open the lobby", chromedp.Navigate(base+"/"),
		chromedp.WaitReady(chromedp.CSS(`#create-game-name option[value="bootleggers"]`)),
		choose("#create-game-name", "bootleggers"), choose("#create-players", "3"), choose("#create-bot-level", "1"),
		chromedp.Evaluate[chromedp.Void](`document.querySelectorAll(".bot-seat").forEach((b) => { if (!b.checked) b.click(); })`))
	run(t, first, "open a table of bots", chromedp.Click(chromedp.CSS("#create-submit")),
		chromedp.WaitVisible(chromedp.CSS(`.table[data-role="spectator"] .bl-places`)))
	if url := read(t, first, "the address", chromedp.Location()); !strings.HasSuffix(url, "?as=spectator") {
		t.Errorf("a table of bots opened at %s, not as a spectator", url)
	}
	if n := count(t, first, ".refusal"); n > 0 {
		t.Errorf("a table of bots shows a refusal: %s", text(t, first, ".refusal"))
	}
	gameID := gameIDOf(t, first)
	pages := []context.Context{first}
	for range 3 {
		time.Sleep(300 * time.Millisecond)
		p := newPage()
		watches = append(watches, watchRequests(t, p))
		run(t, p, "open the table while the bots play", chromedp.Navigate(base+"/#/game/"+gameID+"?as=spectator"),
			chromedp.WaitVisible(chromedp.CSS(".table .bl-places")))
		pages = append(pages, p)
	}
	deadline := time.Now().Add(90 * time.Second)
	for i, p := range pages {
		for count(t, p, "#final-scores table.scores") == 0 {
			if time.Now().After(deadline) {
				failed(t, p, "wait for the end")
				t.Fatalf("page %d never showed the end of the game", i)
			}
			time.Sleep(200 * time.Millisecond)
		}
	}
	g, err := api.GetGame(t.Context(), &moonshinev1.GetGameRequest{GameId: gameID})
	if err != nil {
		t.Fatal(err)
	}
	last := int(g.GetGame().GetVersion())
	for i, p := range pages {
		waitFor[bool](t, p, "the last event listed", fmt.Sprintf(`!!document.querySelector('#log li[data-seq="%d"]')`, last))
		seqs := read(t, p, "read the log", chromedp.Evaluate[[]int](`[...document.querySelectorAll("#log li")].map((li) => Number(li.dataset.seq))`))
		sorted := slices.Clone(seqs)
		slices.Sort(sorted)
		if len(slices.Compact(slices.Clone(sorted))) != len(sorted) {
			t.Errorf("page %d lists an event twice: %v", i, seqs)
		}
		if len(sorted) == 0 {
			t.Errorf("page %d lists no event", i)
		} else if sorted[len(sorted)-1] != last || sorted[len(sorted)-1]-sorted[0]+1 != len(sorted) {
			t.Errorf("page %d lists %d events from %d to %d, of the game's %d: a gap", i, len(sorted), sorted[0], sorted[len(sorted)-1], last)
		}
	}
	for i, asked := range watches {
		reqs := asked()
		if len(reqs) == 0 {
			t.Errorf("page %d sent no WatchGame request", i)
		}
		for _, r := range reqs {
			if !strings.Contains(r, `"batched":true`) {
				t.Errorf("page %d asked WatchGame for %q, not the batched stream", i, r)
			}
		}
	}
	checkAxe(t, first, "a finished table, as a spectator")
}
