package main

import (
	"errors"
	"fmt"
	"io"

	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
)

// cmdBoard prints a game's printed board data (for the Kingdom: every
// District, its Borough and the Districts Connected to it), from the
// server's GetRules: of a game's rules, or of --game.
func cmdBoard(c *cli, argv []string) error {
	fs := c.flags("board")
	game := fs.String("game", "", "the rules, e.g. moonshine-kingdom (instead of a game id)")
	pos, err := parse(fs, argv, 0, 1)
	if err != nil {
		return err
	}
	if (len(pos) == 1) == (*game != "") {
		return usagef("give either a game id or --game RULES")
	}
	if len(pos) == 1 {
		info, err := c.info(pos[0])
		if err != nil {
			return err
		}
		*game = info.GetGame()
	}
	cl, err := c.client()
	if err != nil {
		return err
	}
	res, err := cl.GetRules(c.ctx, &moonshinev1.GetRulesRequest{Game: *game})
	if err != nil {
		return err
	}
	b := res.GetRules().GetBoard()
	if r := renderFor(*game); r.board != nil && !c.json {
		r.board(c.out, b)
		return nil
	}
	return c.printJSON(b)
}

// cmdWait returns once the caller's seat must act, or the game is over,
// printing every event since the last one the seat was shown (see
// [credential.Shown]): what to run between moves when the other seats are
// bots or players elsewhere. It follows the game's batched stream with
// prompt updates (a response per append: its events, and whom the game
// waits for after them), so it asks nothing per event. A prompt the seat
// may answer without holding the game up (a trade offer, a deal) ends the
// wait only with --optional.
func cmdWait(c *cli, argv []string) error {
	fs := c.flags("wait")
	quiet := fs.Bool("quiet", false, "do not print the events since you were last shown one (they count as shown)")
	optional := fs.Bool("optional", false, "return also when the seat may act without holding the game up (an offer or a deal to answer)")
	pos, err := parse(fs, argv, 1, 1)
	if err != nil {
		return err
	}
	game := pos[0]
	v, err := c.ownView(game)
	if err != nil {
		return err
	}
	if v.GetViewer().GetPerspective() != moonshinev1.Perspective_PERSPECTIVE_SEAT && v.GetOutcome() == nil {
		return usagef("a spectator has no turn to wait for: join the game, or pick a stored seat with --as SEAT")
	}
	mine, err := c.stored(game)
	if err != nil {
		return err
	}
	after := v.GetInfo().GetVersion() // no mark stored (or stored by an older CLI): from now on
	if mine != nil && mine.Shown > 0 && mine.Shown < after {
		after = mine.Shown
	}
	r := renderFor(v.GetInfo().GetGame())
	cl, ctx, err := c.call(game)
	if err != nil {
		return err
	}
	stream, err := cl.WatchGame(ctx, &moonshinev1.WatchGameRequest{GameId: game, AfterSeq: after, Prompts: true, Batched: true})
	if err != nil {
		return err
	}
	var prompt *moonshinev1.Prompt
	var over *moonshinev1.GameOver
	for prompt == nil && over == nil {
		res, err := stream.Recv()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return err
		}
		for _, ev := range watchedEvents(res) {
			if !*quiet && !c.json {
				eventLines(c.out, r, ev)
			}
			after = ev.GetSeq()
		}
		switch {
		case res.GetGameOver() != nil:
			over = res.GetGameOver()
		case mustWait(res.GetPrompt(), *optional): // no update (talk, or events alone), or nothing the seat must do
		default:
			prompt = res.GetPrompt().GetPrompt()
		}
	}
	if mine != nil {
		c.markShown(game, mine.Seat, after)
	}
	if c.json {
		if v, err = c.ownView(game); err != nil {
			return err
		}
		return c.printJSON(v)
	}
	switch {
	case over != nil:
		fmt.Fprintf(c.out, "game over: %s\n", over.GetOutcome().GetSummary())
	case prompt != nil && prompt.GetMustAct():
		fmt.Fprintf(c.out, "your move: %s; see `moonshine legal %s`\n", prompt.GetDetail(), game)
	case prompt != nil:
		fmt.Fprintf(c.out, "you may %s (the game does not wait for you); see `moonshine legal %s`\n", prompt.GetDetail(), game)
	}
	return nil
}

// mustWait reports whether a prompt update leaves the waiting seat
// nothing it must do: no update, no prompt, or one it may ignore unless
// optional.
func mustWait(u *moonshinev1.PromptUpdate, optional bool) bool {
	p := u.GetPrompt()
	return p == nil || !(p.GetMustAct() || optional)
}

// markShown records, with the seat's stored credential, that every event
// up to seq was shown to it; a failure to save is said, not fatal.
func (c *cli) markShown(game string, seat int, seq int64) {
	store, err := loadCredentials(c.configDir)
	if err == nil {
		err = store.markShown(c.addr, game, seat, seq)
	}
	if err != nil {
		fmt.Fprintf(c.errw, "moonshine: the last event shown was not recorded (%v): the next wait may print some again\n", err)
	}
}
