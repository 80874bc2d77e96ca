package playtest

import (
	"fmt"

	"google.golang.org/protobuf/proto"

	"github.com/moonshine-games/moonshine/engine"
)

// Table is a game played by bots, one per seat.
type Table struct {
	Rules engine.Rules
	Table engine.Config
	Seed  []byte
	// Bots holds each seat's bot.
	Bots []engine.Bot
	// MaxSteps bounds the number of commands (0: 100000).
	MaxSteps int
	// Optional offers the prompts that need not be answered too (a
	// Casino card out of turn, O'Malley's cut, a trade offer or its
	// answer): at every version each is offered to its seat's bot first,
	// in the rules' order, once; a bot that returns no command passes it,
	// as the service's bot driver records; once every such prompt is
	// played or passed, the first that must act is asked. Without it,
	// the first prompt that must act is asked whenever there is one, so
	// out-of-turn play and passing go unplayed.
	Optional bool
}

// passed is a prompt passed at the current version (Table.Optional).
type passed struct {
	seat   engine.Seat
	reason string
}

// Play plays the game to its end. Each step asks the bot of the first seat
// prompted with legal commands (one that must act first; with Optional,
// see there) for its command, from that seat's knowledge
// ([engine.Histories]) and its generator ([engine.BotRand]); a bot's
// error, no command where one must act, or a command the rules refuse,
// ends the game with an error. The log is verified at the end.
func (t Table) Play() (*Result, error) {
	if len(t.Bots) != t.Table.Players {
		return nil, fmt.Errorf("%d bots for %d seats", len(t.Bots), t.Table.Players)
	}
	g, setup, err := engine.Start(t.Rules, t.Table, t.Seed)
	if err != nil {
		return nil, fmt.Errorf("start: %w", err)
	}
	res := &Result{Game: g}
	hist := engine.NewHistories(t.Table.Players)
	hist.Append(setup...)
	for i, ev := range setup {
		res.Events = append(res.Events, engine.Recorded{Seq: int64(i + 1), Event: ev})
	}
	limit := t.MaxSteps
	if limit == 0 {
		limit = 100000
	}
	done := map[passed]bool{} // the prompts passed at this version
	for g.State.Outcome() == nil {
		if len(res.Commands) >= limit {
			return res, fmt.Errorf("%w after %d commands", ErrNoEnd, limit)
		}
		var p engine.Prompt
		var ok bool
		if t.Optional {
			p, ok = optionalFirst(g.State.Prompts(), done)
		} else {
			p, ok = due(g.State.Prompts())
		}
		if !ok {
			return res, fmt.Errorf("the game is not over but no seat is offered a command")
		}
		k := hist.Knowledge(g.State, p)
		cmd, err := t.Bots[p.Seat].Choose(k, engine.BotRand(t.Seed, g.Version+1, p.Seat))
		switch {
		case err != nil:
			return res, fmt.Errorf("command %d: %v's bot: %w", len(res.Commands)+1, p.Seat, err)
		case cmd == nil && t.Optional && !p.MustAct:
			done[passed{p.Seat, p.Reason}] = true
			continue
		case cmd == nil:
			return res, fmt.Errorf("command %d: %v's bot has no command for %s", len(res.Commands)+1, p.Seat, p.Reason)
		}
		evs, next, err := g.Decide(p.Seat, cmd)
		if err != nil {
			return res, fmt.Errorf("command %d: %v's bot chose %v: %w", len(res.Commands)+1, p.Seat, cmd, err)
		}
		first := g.Version + 1
		res.Commands = append(res.Commands, engine.Logged{Seat: p.Seat, Command: proto.Clone(cmd), FirstSeq: first, LastSeq: first + int64(len(evs)) - 1})
		g, res.Game = next, next
		for i, ev := range evs {
			res.Events = append(res.Events, engine.Recorded{Seq: first + int64(i), Event: ev})
		}
		hist.Append(evs...)
		clear(done)
	}
	return res, engine.Verify(engine.Module{Rules: t.Rules}, t.Table, t.Seed, res.Commands, res.Events)
}

// optionalFirst is the prompt to offer next with Table.Optional: the first, in
// the rules' order, of those that need not be answered and were not
// passed at this version, else the first that must act (every prompt
// with a command).
func optionalFirst(prompts []engine.Prompt, done map[passed]bool) (engine.Prompt, bool) {
	var must engine.Prompt
	found := false
	for _, p := range prompts {
		switch {
		case len(p.Legal)+len(p.Templates) == 0:
		case !p.MustAct && !done[passed{p.Seat, p.Reason}]:
			return p, true
		case p.MustAct && !found:
			must, found = p, true
		}
	}
	return must, found
}

// due returns the prompt to answer next: the first that must act with
// legal commands, else the first that may.
func due(prompts []engine.Prompt) (engine.Prompt, bool) {
	var may engine.Prompt
	found := false
	for _, p := range prompts {
		switch {
		case len(p.Legal) == 0:
		case p.MustAct:
			return p, true
		case !found:
			may, found = p, true
		}
	}
	return may, found
}
