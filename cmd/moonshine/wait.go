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

// cmdWait returns once the caller's seat has something to do, or the game
// is over, printing the events that came meanwhile: what to run between
// moves when the other seats are bots or players elsewhere.
func cmdWait(c *cli, argv []string) error {
	fs := c.flags("wait")
	quiet := fs.Bool("quiet", false, "do not print the events that come meanwhile")
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
	r := renderFor(v.GetInfo().GetGame())
	cl, ctx, err := c.call(game)
	if err != nil {
		return err
	}
	stream, err := cl.WatchGame(ctx, &moonshinev1.WatchGameRequest{GameId: game, AfterSeq: v.GetInfo().GetVersion()})
	if err != nil {
		return err
	}
	for !ready(v) {
		res, err := stream.Recv()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return err
		}
		if ev := res.GetEvent(); ev != nil && !*quiet && !c.json {
			eventLines(c.out, r, ev)
		}
		if res.GetGameOver() != nil {
			break
		}
		if v, err = c.ownView(game); err != nil {
			return err
		}
	}
	if v, err = c.ownView(game); err != nil {
		return err
	}
	if c.json {
		return c.printJSON(v)
	}
	switch {
	case v.GetOutcome() != nil:
		fmt.Fprintf(c.out, "game over: %s\n", v.GetOutcome().GetSummary())
	case v.GetPrompt() != nil:
		fmt.Fprintf(c.out, "your move: %s; see `moonshine legal %s`\n", v.GetPrompt().GetDetail(), game)
	}
	return nil
}

// ready reports whether a view leaves the caller something to do: a
// prompt, or the end of the game.
func ready(v *moonshinev1.GameView) bool {
	return v.GetOutcome() != nil || v.GetPrompt() != nil
}
