package playtest

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"slices"

	"google.golang.org/protobuf/proto"

	"github.com/moonshine-games/moonshine/engine"
)

// Config is one bot-played game.
type Config struct {
	Rules engine.Rules
	Table engine.Config
	Seed  []byte
	// MaxSteps bounds the number of accepted commands (0: 100000).
	MaxSteps int
	// RebuildEvery checks the rebuild-from-scratch equality after every
	// n-th event (0: only at the end; 1: after every event).
	RebuildEvery int
	// Invariant is the game's own check, run after every event; nil for none.
	Invariant func(st engine.State, log []engine.Recorded) error
	// RandomCommand makes a random command (legal or not) for the mutation
	// sample; nil skips the sample. Samples is how many per step (default 2).
	RandomCommand func(r *engine.Rand) proto.Message
	Samples       int
	// Choose overrides the bot: it picks the seat and command from the
	// prompts (all with Legal lists). nil: uniform.
	Choose func(r *engine.Rand, prompts []engine.Prompt) (engine.Seat, proto.Message)
}

// Result is a finished game and its log.
type Result struct {
	Game     *engine.Game
	Events   []engine.Recorded
	Commands []engine.Logged
}

// ErrNoEnd is the error of a game that did not end within its bound of
// commands ("no end after 1500 commands"): random play may never end a
// game, and the log played so far stands.
var ErrNoEnd = errors.New("no end")

// Play runs the game to its end, checking every step, and verifies the
// log ([engine.Verify]; a Rules-only module, whose version Verify does not
// compare, as the table records none). It returns [ErrNoEnd] (wrapped)
// after cfg.MaxSteps commands, with the log played so far.
func Play(cfg Config) (*Result, error) {
	g, setup, err := engine.Start(cfg.Rules, cfg.Table, cfg.Seed)
	if err != nil {
		return nil, fmt.Errorf("start: %w", err)
	}
	res := &Result{Game: g}
	for _, ev := range setup {
		res.Events = append(res.Events, engine.Recorded{Seq: int64(len(res.Events) + 1), Event: ev})
	}
	bot := botRand(cfg.Seed)
	max := cfg.MaxSteps
	if max == 0 {
		max = 100000
	}
	if err := cfg.checkAll(res, len(setup)); err != nil {
		return res, err
	}
	for step := 0; res.Game.State.Outcome() == nil; step++ {
		if step >= max {
			return res, fmt.Errorf("%w after %d commands", ErrNoEnd, max)
		}
		if err := cfg.step(res, bot); err != nil {
			return res, fmt.Errorf("step %d (event %d): %w", step, res.Game.Version, err)
		}
	}
	if err := checkRebuild(cfg.Rules, cfg.Table.Players, res.Game, res.Events); err != nil {
		return res, err
	}
	if err := engine.Verify(engine.Module{Rules: cfg.Rules}, cfg.Table, cfg.Seed, res.Commands, res.Events); err != nil {
		return res, err
	}
	return res, nil
}

// botRand derives the bot's generator from the game seed (not the game's).
func botRand(seed []byte) *engine.Rand {
	return engine.NewRand(sha256.Sum256(append([]byte("moonshine/playtest/bot\x00"), seed...)))
}

// step offers, checks, picks and applies one command.
func (cfg Config) step(res *Result, bot *engine.Rand) error {
	g := res.Game
	before := Fingerprint(g.State)
	prompts := g.State.Prompts()
	if err := unchanged(g.State, before, "Prompts"); err != nil {
		return err
	}
	if err := checkOffered(g, prompts); err != nil {
		return err
	}
	if err := unchanged(g.State, before, "Decide (the offered commands)"); err != nil {
		return err
	}
	if err := cfg.checkSamples(g, prompts, bot); err != nil {
		return err
	}
	if err := unchanged(g.State, before, "Decide (random commands)"); err != nil {
		return err
	}
	var live []engine.Prompt
	for _, p := range prompts {
		if len(p.Legal) > 0 {
			live = append(live, p)
		}
	}
	if len(live) == 0 {
		return fmt.Errorf("the game is not over but no seat is offered a command")
	}
	seat, cmd := pick(bot, live)
	if cfg.Choose != nil {
		seat, cmd = cfg.Choose(bot, live)
	}
	evs, next, err := g.Decide(seat, cmd)
	if err != nil {
		return fmt.Errorf("%v: chosen command refused: %w", seat, err)
	}
	first := g.Version + 1
	res.Commands = append(res.Commands, engine.Logged{Seat: seat, Command: cmd, FirstSeq: first, LastSeq: first + int64(len(evs)) - 1})
	res.Game = g.Clone() // the events applied one by one, each checked
	for _, ev := range evs {
		if err := res.Game.Apply(ev); err != nil {
			return err
		}
		res.Events = append(res.Events, engine.Recorded{Seq: res.Game.Version, Event: ev})
		if err := cfg.checkAll(res, int(res.Game.Version)); err != nil {
			return fmt.Errorf("after event %d: %w", res.Game.Version, err)
		}
	}
	if next.Version != res.Game.Version || !bytes.Equal(Fingerprint(next.State), Fingerprint(res.Game.State)) {
		return fmt.Errorf("%v: the state Decide hands back for %v is not the one its events lead to", seat, cmd)
	}
	res.Game = next
	return nil
}

// pick chooses a prompt, then one of its commands, uniformly.
func pick(r *engine.Rand, live []engine.Prompt) (engine.Seat, proto.Message) {
	p := live[r.IntN(len(live))]
	return p.Seat, p.Legal[r.IntN(len(p.Legal))]
}

// checkAll runs the per-event checks.
func (cfg Config) checkAll(res *Result, seq int) error {
	if cfg.Invariant != nil {
		if err := cfg.Invariant(res.Game.State, res.Events); err != nil {
			return fmt.Errorf("invariant: %w", err)
		}
	}
	if cfg.RebuildEvery > 0 && seq%cfg.RebuildEvery == 0 {
		return checkRebuild(cfg.Rules, cfg.Table.Players, res.Game, res.Events)
	}
	return nil
}

// checkOffered decides every offered command (without applying it) and
// checks that Decide accepts it.
func checkOffered(g *engine.Game, prompts []engine.Prompt) error {
	for _, p := range prompts {
		for _, c := range p.Legal {
			if _, _, err := g.Decide(p.Seat, c); err != nil {
				return fmt.Errorf("%v is offered %v but Decide refuses it: %w", p.Seat, c, err)
			}
		}
	}
	return nil
}

// unchanged checks that the state still has the fingerprint it had before
// what ran: Decide and Prompts read the state and never change it.
func unchanged(st engine.State, before []byte, what string) error {
	if !bytes.Equal(before, Fingerprint(st)) {
		return fmt.Errorf("the state changed while %s ran", what)
	}
	return nil
}

// checkSamples sends random commands from random seats: any that Decide
// accepts must have been offered to that seat, and none may change the state.
func (cfg Config) checkSamples(g *engine.Game, prompts []engine.Prompt, bot *engine.Rand) error {
	if cfg.RandomCommand == nil {
		return nil
	}
	n := cfg.Samples
	if n == 0 {
		n = 2
	}
	for range n {
		seat := engine.Seat(bot.IntN(cfg.Table.Players))
		cmd := cfg.RandomCommand(bot)
		if _, _, err := g.Decide(seat, cmd); err != nil {
			if _, ok := engine.AsRuleError(err); !ok {
				return fmt.Errorf("%v: random command %v: not a rule error: %w", seat, cmd, err)
			}
			continue
		}
		if !offered(prompts, seat, cmd) {
			return fmt.Errorf("%v: Decide accepts %v, which was not offered", seat, cmd)
		}
	}
	return nil
}

func offered(prompts []engine.Prompt, seat engine.Seat, cmd proto.Message) bool {
	for _, p := range prompts {
		if p.Seat == seat && slices.ContainsFunc(p.Legal, func(m proto.Message) bool { return proto.Equal(m, cmd) }) {
			return true
		}
	}
	return false
}
