package browser

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/playtest"
	"github.com/moonshine-games/moonshine/games"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"google.golang.org/protobuf/proto"
)

// A table the whole-game test opens in the lobby: the player at seat 0,
// easy bots in the others.
type wholeGame struct {
	game, variant, options string
	players                int
	// drawn is an element of the game's drawing.
	drawn string
}

// bootleggersTable is the whole-game test's Bootleggers table, whose seat
// opens a casino (TestSeatAffordsACasino).
var bootleggersTable = wholeGame{game: "bootleggers", variant: "boardwalk", players: 3, drawn: ".bl .bl-places .place"}

var wholeGames = []wholeGame{
	bootleggersTable,
	{game: "booze-barons", players: 4, drawn: ".bb .bb-locations .location"},
	{game: "moonshine-kingdom", players: 2, drawn: "svg.city .district"},
}

// TestWholeGames plays a whole game of each hosted game in headless
// Chromium, from the lobby to the final scores, against easy bots on
// PostgreSQL, at a desktop's width and a phone's: Bootleggers with the
// Boardwalk (its seat decides as the game's strategy does, and trades,
// loads its trucks with the form and opens a casino), Booze Barons and
// Moonshine Kingdom (legal commands drawn at random, and a Move built on
// the city with the keyboard). axe-core checks the lobby, each table, the
// replay and the spectator's page; the screenshots go to docs/screenshots
// with -screenshots.
func TestWholeGames(t *testing.T) {
	newPage := browser(t)
	base, api := startServer(t)
	for _, wg := range wholeGames {
		for _, width := range []int{wide, narrow} {
			t.Run(fmt.Sprintf("%s/%d", wg.game, width), func(t *testing.T) {
				// A Bootleggers seat opens a casino once it can afford one;
				// in a game where it never can (about one in three:
				// casinoAttempts), it plays another.
				for attempt := 1; !playWhole(t, newPage, base, api, wg, width); attempt++ {
					if attempt == casinoAttempts {
						t.Fatalf("in %d games the seat never could afford a casino", attempt)
					}
					t.Logf("game %d: the seat never could afford a casino; another game", attempt)
				}
			})
		}
	}
}

// casinoAttempts is how many Bootleggers games TestWholeGames plays at
// most at one width for one in which its seat opens a casino. The seat
// opened one in 18 of 27 games in the browser (its gifts of 1G make that a
// little lower than TestSeatAffordsACasino's rate); at two games in three,
// all ten fail in fewer than two subtests in 100,000 ((1/3)^10).
const casinoAttempts = 10

// TestSeatAffordsACasino measures, without a browser, how often the seat
// of TestWholeGames's Bootleggers table can open a casino, which that test
// needs: the seat's rule as bootleggersPlayer plays it (redevelop a
// speakeasy the first time the prompt offers it, else the game's
// strategy; its gift of 1G aside) against the easy bots at the same
// table, in 300 games of fixed seeds. It requires two games in three, the
// rate casinoAttempts is set for; the seat opened one in 234 of 300 when
// this was written.
func TestSeatAffordsACasino(t *testing.T) {
	mod, ok := games.Default().Lookup("bootleggers")
	if !ok {
		t.Fatal("bootleggers is not hosted")
	}
	variant, ok := mod.Variant(bootleggersTable.variant)
	if !ok {
		t.Fatalf("bootleggers has no variant %q", bootleggersTable.variant)
	}
	table := engine.Config{Players: bootleggersTable.players, Options: variant.Options}
	easy := mod.Bot(engine.LevelEasy)
	const played = 300
	opened := 0
	for i := range played {
		seat := &casinoSeat{then: easy}
		bots := []engine.Bot{seat}
		for len(bots) < table.Players {
			bots = append(bots, easy)
		}
		tb := playtest.Table{Rules: mod.Rules, Table: table, Seed: fmt.Appendf(nil, "casino seat %d", i), Optional: true, Bots: bots}
		if _, err := tb.Play(); err != nil {
			t.Fatalf("game %d: %v", i, err)
		}
		if seat.opened {
			opened++
		}
	}
	t.Logf("the seat opened a casino in %d of %d games", opened, played)
	if 3*opened < 2*played {
		t.Errorf("the seat opened a casino in %d of %d games, fewer than two in three: TestWholeGames's %d attempts no longer make a game with one all but certain", opened, played, casinoAttempts)
	}
}

// casinoSeat is the Bootleggers seat of TestWholeGames as a bot: it
// redevelops a speakeasy into a casino the first time the prompt offers
// that, and otherwise plays as then does.
type casinoSeat struct {
	then   engine.Bot
	opened bool
}

func (s *casinoSeat) Choose(k engine.Knowledge, r *engine.Rand) (proto.Message, error) {
	if !s.opened {
		for _, c := range k.Prompt.Legal {
			if c.(*pb.Command).GetSendInTheBoys().GetRedevelop() != 0 {
				s.opened = true
				return c, nil
			}
		}
	}
	return s.then.Choose(k, r)
}

// playWhole plays a whole game of wg at a width, from the lobby to the
// final scores, checks it and reports whether it did all it should (false
// only for a Bootleggers game where the seat could not afford a casino).
func playWhole(t *testing.T, newPage func(...int) context.Context, base string, api moonshinev1.GameServiceClient, wg wholeGame, width int) bool {
	t.Helper()
	page := newPage(width)
	suffix := ""
	if width == narrow {
		suffix = "-phone"
	}
	gameID := openInLobby(t, page, base, wg, width, "carol")
	g := &seatGame{t: t, page: page, api: api, gameID: gameID, credential: credentialOf(t, page, gameID)}
	var move func(*moonshinev1.GameView)
	var bl *bootleggersPlayer
	switch wg.game {
	case "bootleggers":
		bl = newBootleggersPlayer(g, 0, int32(wg.players))
		move = bl.move
	default:
		move = randomPlayer(g, wg.game, width)
	}
	shot := false
	start := time.Now()
	for v := g.awaitTurn(); v != nil; v = g.awaitTurn() {
		if !shot && g.moves >= 3 {
			shot = true
			checkNames(t, page)
			checkAxe(t, page, wg.game+"'s table")
			shootAt(t, page, "body", "table-"+wg.game+suffix)
			if width == narrow {
				shootAt(t, page, "#commands", "table-"+wg.game+suffix+"-choices")
			}
		}
		move(v)
	}
	t.Logf("%s at %d px: %d moves by clicking (%d refused) in %s", wg.game, width, g.moves, g.refused, time.Since(start).Round(time.Second))
	if !shot {
		t.Errorf("the game ended after %d moves of the seat: too soon for a look at the table", g.moves)
	}
	g.checkFinal(wg.players)
	if bl != nil && !checkBootleggersGame(t, g, bl) {
		return false
	}
	if width == wide {
		shootAt(t, page, "#final-scores", "final-"+wg.game)
		replayAndWatch(t, newPage, page, gameID, wg)
	}
	return true
}

// openInLobby opens a table of wg in the lobby as player name (seat 0,
// easy bots elsewhere) and returns its id once the table shows the seat.
func openInLobby(t *testing.T, page context.Context, base string, wg wholeGame, width int, name string) string {
	t.Helper()
	run(t, page, "open the lobby", chromedp.Navigate(base+"/"),
		chromedp.WaitReady(chromedp.CSS(fmt.Sprintf(`#create-game-name option[value=%q]`, wg.game))),
		chromedp.SendKeys(chromedp.CSS("#player-name"), name),
		choose("#create-game-name", wg.game))
	if wg.variant != "" {
		run(t, page, "choose the variant", choose("#create-variant", wg.variant))
	}
	run(t, page, "choose the table", choose("#create-players", fmt.Sprint(wg.players)), choose("#create-bot-level", "1"),
		chromedp.Evaluate[chromedp.Void](`document.querySelectorAll(".bot-seat").forEach((b) => { if (b.checked !== (Number(b.dataset.seat) !== 0)) b.click(); })`),
		chromedp.SendKeys(chromedp.CSS("#create-title"), fmt.Sprintf("%s at %d px", wg.game, width)))
	if wg.options != "" {
		run(t, page, "set the options", chromedp.Click(chromedp.CSS("form.create details summary")), fill("#create-options", wg.options))
	}
	if wg.game == wholeGames[0].game {
		checkAxe(t, page, fmt.Sprintf("the lobby at %d px", width))
		if width == narrow {
			shoot(t, page, "lobby-phone")
		}
	}
	run(t, page, "open the table", chromedp.Click(chromedp.CSS("#create-submit")),
		chromedp.WaitVisible(chromedp.CSS(`.table[data-role="seat"] `+wg.drawn)))
	if role := text(t, page, "#role"); role != "You play "+name {
		t.Errorf("the table shows the role %q", role)
	}
	gameID := gameIDOf(t, page)
	if read(t, page, "the creator credential is kept", chromedp.Evaluate[string](fmt.Sprintf(`localStorage.getItem("moonshine.creator.%s") ?? ""`, gameID))) == "" {
		t.Error("the lobby did not keep the creator credential")
	}
	return gameID
}

// randomPlayer plays legal commands drawn at random; in the Kingdom it
// first builds a Move on the map, with the keyboard.
func randomPlayer(g *seatGame, game string, width int) func(*moonshinev1.GameView) {
	rng := rand.New(rand.NewPCG(uint64(width), 33))
	moved := false
	return func(v *moonshinev1.GameView) {
		pr := v.GetPrompt()
		if game == "moonshine-kingdom" && !moved && count(g.t, g.page, `.template-tab[data-template="move"]`) > 0 {
			moved = true
			moveOnTheMap(g.t, g.page, "carol")
			return
		}
		// Any legal command but resigning, which would end the game early.
		var legal []*moonshinev1.GameCommand
		for i, c := range pr.GetLegal() {
			if !strings.HasPrefix(pr.GetLegalLabels()[i], "resign") {
				legal = append(legal, c)
			}
		}
		if len(legal) == 0 {
			name := pr.GetTemplates()[0].GetName()
			g.openForm(name)
			g.sendForm(name)
			return
		}
		g.click(legal[rng.IntN(len(legal))])
	}
}

// checkNames checks that the table names its seats, never by number, and
// the viewer as You.
func checkNames(t *testing.T, page context.Context) {
	t.Helper()
	body := read(t, page, "read the table", chromedp.Evaluate[string](`[...document.querySelectorAll("#waiting, #log, #commands, .picture")].map((e) => e.innerText).join("\n")`))
	if m := seatNumber.FindString(body); m != "" {
		i := strings.Index(body, m)
		t.Errorf("the table names a seat by its number: …%s…", body[max(0, i-60):min(len(body), i+60)])
	}
	if !strings.Contains(body, "You") && !strings.Contains(body, "you") {
		t.Error("the table never names the viewer")
	}
}

// checkBootleggersGame checks what the Bootleggers seat did, in the
// game's complete history: it offered a trade that was accepted, ran
// trucks loaded with the form, and redeveloped a speakeasy into a casino;
// false when it never could afford one.
func checkBootleggersGame(t *testing.T, g *seatGame, p *bootleggersPlayer) bool {
	t.Helper()
	h, err := g.api.GetHistory(as(t.Context(), g.credential), &moonshinev1.GetHistoryRequest{GameId: g.gameID, RequireComplete: true})
	if err != nil {
		t.Fatal(err)
	}
	var proposed, accepted, runs, casinos int
	offers := map[int32]bool{}
	for _, e := range h.GetEvents() {
		b := e.GetPublic().GetBootleggers()
		switch {
		case b.GetTradeProposed().GetFrom() == 0 && b.GetTradeProposed() != nil:
			proposed++
			offers[b.GetTradeProposed().GetOfferId()] = true
		case b.GetTradeAnswered() != nil && offers[b.GetTradeAnswered().GetOfferId()] && b.GetTradeAnswered().GetAccepted():
			accepted++
		case b.GetWhiskeyRun().GetSeat() == 0 && len(b.GetWhiskeyRun().GetLinedUp()) > 0:
			runs++
		case b.GetCasinoRedeveloped() != nil && b.GetCasinoRedeveloped().GetSeat() == 0:
			casinos++
		}
	}
	t.Logf("Bootleggers: %d offers (%d accepted), %d runs (%d with the form), %d casinos", proposed, accepted, runs, p.loads, casinos)
	if proposed == 0 || accepted == 0 {
		t.Errorf("the seat offered %d trades, %d accepted: the page's trade form was not played through", proposed, accepted)
	}
	if runs == 0 || p.loads == 0 {
		t.Errorf("the seat ran %d truckloads, %d with the form", runs, p.loads)
	}
	if casinos == 0 && p.casino {
		t.Error("the seat's casino is not in the history")
	}
	return casinos > 0
}

// replayAndWatch opens the finished game's replay on the seat's page and a
// spectator's page of it, and checks both with axe-core.
func replayAndWatch(t *testing.T, newPage func(...int) context.Context, page context.Context, gameID string, wg wholeGame) {
	t.Helper()
	run(t, page, "open the replay", chromedp.Click(chromedp.CSS(`a[href$="/replay"]`)), chromedp.WaitVisible(chromedp.CSS("#replay-first")))
	waitFor[bool](t, page, "the replay loads the events", `Number(document.querySelector("#replay-slider").max) > 1`)
	run(t, page, "step back", chromedp.Click(chromedp.CSS("#replay-prev")), chromedp.WaitVisible(chromedp.CSS(".picture "+wg.drawn)))
	checkAxe(t, page, wg.game+"'s replay")
	spectator := newPage()
	base := strings.SplitN(read(t, page, "the address", chromedp.Location()), "#", 2)[0]
	run(t, spectator, "a spectator watches", chromedp.Navigate(base+"#/game/"+gameID+"?as=spectator"),
		chromedp.WaitVisible(chromedp.CSS(`.table[data-role="spectator"] `+wg.drawn)), chromedp.WaitVisible(chromedp.CSS("#log li")))
	checkAxe(t, spectator, wg.game+"'s spectator page")
}
