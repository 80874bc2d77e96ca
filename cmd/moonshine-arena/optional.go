package main

import (
	"fmt"

	"google.golang.org/protobuf/proto"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/playtest"
)

// offering plays a table with -optional: at every version each prompt
// that need not be answered (a Casino card out of turn, O'Malley's cut, a
// trade offer or its answer) is offered to its seat's bot first, in the
// rules' order, once per version; a bot that returns no command passes it,
// as the service's bot driver records (service/gameservice/bots.go), and
// once every such prompt is played or passed the first that must act is
// asked. playtest.Table, the arena's default, asks the first prompt that
// must act whenever there is one, so out-of-turn play and passing go
// unmeasured there.
type offering playtest.Table

// passed is a prompt passed at the current version.
type passed struct {
	seat   engine.Seat
	reason string
}

// Play plays the game to its end, every bot command through the rules,
// and verifies the log from the seed.
func (t offering) Play() (*playtest.Result, error) {
	if len(t.Bots) != t.Table.Players {
		return nil, fmt.Errorf("%d bots for %d seats", len(t.Bots), t.Table.Players)
	}
	g, setup, err := engine.Start(t.Rules, t.Table, t.Seed)
	if err != nil {
		return nil, fmt.Errorf("start: %w", err)
	}
	res := &playtest.Result{Game: g}
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
			return res, fmt.Errorf("no end after %d commands", limit)
		}
		p, ok := offered(g.State.Prompts(), done)
		if !ok {
			return res, fmt.Errorf("the game is not over but no seat is offered a command")
		}
		k := hist.Knowledge(g.State, p)
		cmd, err := t.Bots[p.Seat].Choose(k, engine.BotRand(t.Seed, g.Version+1, p.Seat))
		switch {
		case err != nil:
			return res, fmt.Errorf("command %d: %v's bot: %w", len(res.Commands)+1, p.Seat, err)
		case cmd == nil && p.MustAct:
			return res, fmt.Errorf("command %d: %v's bot has no command for %s", len(res.Commands)+1, p.Seat, p.Reason)
		case cmd == nil:
			done[passed{p.Seat, p.Reason}] = true
			continue
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
		clear(done)
	}
	return res, engine.Verify(t.Rules, t.Table, t.Seed, res.Commands, res.Events)
}

// offered is the prompt to offer next: the first, in the rules' order, of
// those that need not be answered and were not passed at this version,
// else the first that must act (every prompt with a command).
func offered(prompts []engine.Prompt, done map[passed]bool) (engine.Prompt, bool) {
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
