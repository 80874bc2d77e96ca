package browser

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestEveryGameInTheBrowser opens a table of each other hosted game from
// the lobby (seat 0 for the player, bots in the others), finds it drawn
// (Booze Barons' Locations, or any game's view as tables from its data)
// and plays a legal command by clicking, which the page sees arrive.
func TestEveryGameInTheBrowser(t *testing.T) {
	newPage := browser(t)
	base, _ := startServer(t)
	for game, drawing := range map[string]string{
		"booze-barons": "svg.locations .location",
		"bootleggers":  ".generic table.generic-table",
	} {
		t.Run(game, func(t *testing.T) {
			page := newPage()
			run(t, page, "open the lobby", chromedp.Navigate(base+"/"),
				chromedp.WaitReady(chromedp.CSS(`#create-game-name option[value="`+game+`"]`)),
				chromedp.SendKeys(chromedp.CSS("#player-name"), "carol"),
				choose("#create-game-name", game))
			run(t, page, "open the table", chromedp.Click(chromedp.CSS("#create-submit")),
				chromedp.WaitVisible(chromedp.CSS(`.table[data-role="seat"] `+drawing)))
			deadline := time.Now().Add(20 * time.Second)
			for count(t, page, ".legal-command") == 0 {
				if time.Now().After(deadline) {
					failed(t, page, "wait for a legal command")
					t.Fatal("seat 0 was never offered a command")
				}
				time.Sleep(100 * time.Millisecond)
			}
			before := versionOf(t, page)
			label := text(t, page, ".legal-command")
			if label == "" {
				t.Error("a legal command has no label")
			}
			run(t, page, "click "+label, chromedp.Click(chromedp.CSS(".legal-command")))
			waitVersion(t, page, before, "carol")
			if n := count(t, page, "#log li"); n == 0 {
				t.Error("the event log is empty")
			}
			if n := count(t, page, ".refusal"); n != 0 {
				t.Errorf("the page shows a refusal: %s", text(t, page, ".refusal"))
			}
			shoot(t, page, "table-"+game)
		})
	}
}
