package playtest

import (
	"bytes"
	"fmt"
	"slices"

	"google.golang.org/protobuf/proto"

	"github.com/moonshine-games/moonshine/engine"
)

// Twin is an indistinguishability check: two games that differ only in what
// Viewer may not know are driven with the same commands, and Viewer must see
// byte-identical streams, views and prompts in both. Every public body must
// be identical too, or the difference would be known to all.
type Twin struct {
	Rules   engine.Rules
	Players int
	// Setup holds the opening events of each game.
	SetupA, SetupB []engine.Event
	Viewer         engine.Viewer
	Seed           []byte // the games' seed and the bot's
	// Steps bounds the number of commands.
	Steps int
	// Allow excludes commands whose outcome the rules make public on purpose
	// (an Expose of a seat whose secret differs); it sees the first game's
	// state. nil allows all.
	Allow func(a engine.State, seat engine.Seat, cmd proto.Message) bool
	// Stop ends the run before a decision whose events the rules make
	// differ on purpose (the final reveal); nil never stops.
	Stop func(evs []engine.Event) bool
}

// Run drives both games; it returns the number of commands played.
func (tw Twin) Run() (int, error) {
	a, b := engine.NewGame(tw.Rules, tw.Seed), engine.NewGame(tw.Rules, tw.Seed)
	if err := tw.applyBoth(a, b, tw.SetupA, tw.SetupB); err != nil {
		return 0, fmt.Errorf("setup: %w", err)
	}
	bot := botRand(tw.Seed)
	for step := 0; step < tw.Steps && a.State.Outcome() == nil; step++ {
		choices, err := tw.common(a.State, b.State.Prompts())
		if err != nil {
			return step, fmt.Errorf("step %d: %w", step, err)
		}
		if len(choices) == 0 {
			return step, nil
		}
		c := choices[bot.IntN(len(choices))]
		ea, _, errA := a.Decide(c.seat, c.cmd)
		eb, _, errB := b.Decide(c.seat, c.cmd)
		if errA != nil || errB != nil {
			return step, fmt.Errorf("step %d: offered %v refused: %v / %v", step, c.cmd, errA, errB)
		}
		if tw.Stop != nil && (tw.Stop(ea) || tw.Stop(eb)) {
			return step, nil
		}
		if err := tw.applyBoth(a, b, ea, eb); err != nil {
			return step, fmt.Errorf("step %d (%v %v): %w", step, c.seat, c.cmd, err)
		}
	}
	return tw.Steps, nil
}

type choice struct {
	seat engine.Seat
	cmd  proto.Message
}

// common returns the commands offered in both games, and checks that the
// prompts look the same to the viewer.
func (tw Twin) common(a engine.State, pb []engine.Prompt) ([]choice, error) {
	pa := a.Prompts()
	if len(pa) != len(pb) {
		return nil, fmt.Errorf("prompted seats differ")
	}
	var out []choice
	for i := range pa {
		if pa[i].Seat != pb[i].Seat || pa[i].MustAct != pb[i].MustAct || pa[i].Reason != pb[i].Reason || pa[i].Detail != pb[i].Detail {
			return nil, fmt.Errorf("public prompts differ: %+v / %+v", pa[i], pb[i])
		}
		if tw.Viewer.IsSeat(pa[i].Seat) && !slices.EqualFunc(pa[i].Legal, pb[i].Legal, proto.Equal) {
			return nil, fmt.Errorf("the viewer's legal commands differ")
		}
		for _, c := range pa[i].Legal {
			if slices.ContainsFunc(pb[i].Legal, func(m proto.Message) bool { return proto.Equal(m, c) }) &&
				(tw.Allow == nil || tw.Allow(a, pa[i].Seat, c)) {
				out = append(out, choice{pa[i].Seat, c})
			}
		}
	}
	return out, nil
}

// applyBoth compares the viewer's parts and all public bodies, applies, and
// compares the viewer's views.
func (tw Twin) applyBoth(a, b *engine.Game, ea, eb []engine.Event) error {
	if len(ea) != len(eb) {
		return fmt.Errorf("%d events against %d", len(ea), len(eb))
	}
	for i := range ea {
		if !bytes.Equal(MarshalEvent(engine.Event{Public: ea[i].Public}), MarshalEvent(engine.Event{Public: eb[i].Public})) {
			return fmt.Errorf("event %d: public bodies differ: %v / %v", i, ea[i].Public, eb[i].Public)
		}
		if !bytes.Equal(MarshalEvent(ea[i].For(tw.Viewer)), MarshalEvent(eb[i].For(tw.Viewer))) {
			return fmt.Errorf("event %d: %v's parts differ", i, tw.Viewer)
		}
	}
	if err := a.Apply(ea...); err != nil {
		return err
	}
	if err := b.Apply(eb...); err != nil {
		return err
	}
	if !bytes.Equal(MarshalView(a.State.View(tw.Viewer)), MarshalView(b.State.View(tw.Viewer))) {
		return fmt.Errorf("%v's views differ", tw.Viewer)
	}
	return nil
}
