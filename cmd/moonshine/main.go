package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// Exit statuses.
const (
	exitOK    = 0
	exitError = 1
	exitUsage = 2
)

// command is one subcommand.
type command struct {
	name    string
	args    string
	summary string
	run     func(c *cli, argv []string) error
}

// commands lists the subcommands in help order.
var commands = []command{
	{"games", "[--game G]", "list games", cmdGames},
	{"rules", "[GAME]", "the hosted games; of one, its variants and options", cmdRules},
	{"create", "--players N [--game G] [--variant V] [--bots 1,2] [--bot-level easy|normal|hard] [--title T] [--options-json J] [--time-bank D ...]", "open a game; stores its creator credential", cmdCreate},
	{"join", "GAME [--seat N] --name NAME", "claim a seat and store its credential", cmdJoin},
	{"leave", "GAME [--as SEAT]", "free your seat before the game starts", cmdLeave},
	{"view", "GAME [--as SEAT] [--perspective public|seat|full] [--seat N]", "show the game", cmdView},
	{"board", "GAME | --game G", "show the game's printed board (the Kingdom: every District and its links)", cmdBoard},
	{"legal", "GAME [--example TEMPLATE] [--as SEAT]", "list the seat's legal commands, numbered, and templates to fill in", cmdLegal},
	{"submit", "GAME (N | --command-json J) [--id ID] [--as SEAT]", "play a command", cmdSubmit},
	{"wait", "GAME [--quiet] [--optional] [--as SEAT]", "wait until the seat must act (--optional: or may), or the game ends, printing what happened since you last looked", cmdWait},
	{"resign", "GAME [--id ID] [--as SEAT]", "concede the game", cmdResign},
	{"takeback", "GAME [--ask] | --answer yes|no [--as SEAT]", "take back your last command (--ask: ask the others' consent when it needs it), or answer another seat's request", cmdTakeback},
	{"say", "GAME TEXT [--to SEAT] [--as SEAT]", "send table talk", cmdSay},
	{"watch", "GAME [--from N] [--from-talk N] [--count K] [--as SEAT] [--perspective P] [--seat N]", "stream events and table talk (--json: one line each)", cmdWatch},
	{"history", "GAME [--out FILE] [--as SEAT]", "show or save the history", cmdHistory},
	{"replay", "GAME N [--to M] [--as SEAT] [--perspective P] [--seat N]", "show the view as of event N (or of each event N..M)", cmdReplay},
	{"cancel", "GAME [--creator TOKEN]", "cancel a game that has not started, as its creator", cmdCancel},
	{"rotate", "GAME SEAT [--creator TOKEN]", "give a seat a new credential (its player lost theirs), as the game's creator", cmdRotate},
	{"verify", "GAME | --file FILE", "re-run a finished game from its seed", cmdVerify},
	{"audit", "disclosure (GAME | --file FILE)", "who was shown what: each event's parts, and each seat's timeline of hidden facts", cmdAudit},
	{"recheck", "FILE...", "re-run saved histories under this build's rules; exit 1 if any would differ", cmdRecheck},
}

// run executes one command line and returns the exit status.
func run(ctx context.Context, argv []string, stdout, stderr io.Writer) int {
	c := newCLI(ctx, stdout, stderr)
	defer c.close()
	global := c.flags("moonshine")
	global.Usage = func() { usage(stderr) }
	if err := global.Parse(argv); err != nil {
		return exitUsage
	}
	rest := global.Args()
	if len(rest) == 0 {
		usage(stderr)
		return exitUsage
	}
	for _, cmd := range commands {
		if cmd.name == rest[0] {
			return c.runCommand(cmd, rest[1:])
		}
	}
	if rest[0] == "help" {
		usage(stdout)
		return exitOK
	}
	fmt.Fprintf(stderr, "moonshine: unknown command %q\n", rest[0])
	usage(stderr)
	return exitUsage
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: moonshine [--addr HOST:PORT] [--tls] [--ca FILE] [--server-name NAME] [--token T] [--api-key K] [--json] COMMAND [flags] [args]")
	fmt.Fprintln(w, "\ncommands:")
	for _, cmd := range commands {
		fmt.Fprintf(w, "  %-8s %s\n           %s\n", cmd.name, cmd.args, cmd.summary)
	}
}
