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
}

// Play plays the game to its end. Each step asks the bot of the first seat
// prompted with legal commands (one that must act first) for its command,
// from that seat's knowledge ([engine.Histories]) and its generator
// ([engine.BotRand]); a bot's error, or a command the rules refuse, ends
// the game with an error. The log is verified at the end.
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
	for g.State.Outcome() == nil {
		if len(res.Commands) >= limit {
			return res, fmt.Errorf("no end after %d commands", limit)
		}
		p, ok := due(g.State.Prompts())
		if !ok {
			return res, fmt.Errorf("the game is not over but no seat is offered a command")
		}
		k := hist.Knowledge(g.State, p)
		cmd, err := t.Bots[p.Seat].Choose(k, engine.BotRand(t.Seed, g.Version+1, p.Seat))
		if err != nil {
			return res, fmt.Errorf("command %d: %v's bot: %w", len(res.Commands)+1, p.Seat, err)
		}
		evs, err := g.Decide(p.Seat, cmd)
		if err != nil {
			return res, fmt.Errorf("command %d: %v's bot chose %v: %w", len(res.Commands)+1, p.Seat, cmd, err)
		}
		first := g.Version + 1
		res.Commands = append(res.Commands, engine.Logged{Seat: p.Seat, Command: proto.Clone(cmd), FirstSeq: first, LastSeq: first + int64(len(evs)) - 1})
		if err := g.Apply(evs...); err != nil {
			return res, err
		}
		for i, ev := range evs {
			res.Events = append(res.Events, engine.Recorded{Seq: first + int64(i), Event: ev})
		}
		hist.Append(evs...)
	}
	return res, engine.Verify(t.Rules, t.Table, t.Seed, res.Commands, res.Events)
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
