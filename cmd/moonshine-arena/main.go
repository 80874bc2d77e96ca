// Command moonshine-arena plays seeded tournaments between bots and reports
// how each fares: the tool behind the figures in docs/bots.md.
//
// One bot (-bot) plays one seat of every game and the other seats play
// another (-vs); the tested seat moves round the table from game to game,
// so that every seat is tested alike. With -baseline the same games (same
// seeds, same tested seat) are played again with -vs in every seat: the
// tested seat's win rate there is its fair share, measured in the same run.
// It prints win rates with 95% Wilson intervals, the median and 90th
// percentile game length (rounds and commands), and the CPU each bot took
// per decision (the CPU time of the thread that decided; decisions with a
// single legal command are not counted).
//
//	go run ./cmd/moonshine-arena -game booze-barons -players 5 -games 200 -bot hard -vs easy -baseline
//
// Games and bots come from the hosted games' modules (games.Default:
// Rules, Variants, Bots): the arena knows no game's rules. Without
// -variant a table plays the first variant that takes -players, as the
// service's table of that many players with no variant named is
// (Bootleggers at 2 players is "Where are da boys?"). With -vs-prompts the
// tested seat answers the prompts of the reasons listed with the -vs bot:
// which kinds of decision a search plays better or worse than its base
// policy. With -search-stats the report counts each searching bot's
// decisions by prompt reason: how many it searched (the others had a
// single candidate), how many candidates it compared, and how often it
// kept its default policy's own choice. A game's length
// is the "round" or "day" field of its final spectator view (Booze Barons'
// rounds, the Kingdom's Days).
package main

import (
	"context"
	"os"
	"os/signal"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}
