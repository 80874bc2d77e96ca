package playtest

import (
	"fmt"

	"google.golang.org/protobuf/proto"

	"github.com/moonshine-games/moonshine/engine"
)

// Choices checks that bot chooses from what the viewer's seat may know: it
// drives the twins as [Twin.Run] does, with bot in the viewer's seat. At
// each of the viewer's prompts with a choice it asks bot for its command
// in both games, from each game's knowledge of the viewer's seat
// ([engine.KnowledgeOf]) and the same generator: the two commands must be
// equal. The viewer then plays that command in both games (when it is one
// the rules make public on purpose, Allow, the run ends). The other seats
// play uniformly among the commands offered in both games. It returns the
// number of the bot's choices compared, after at most decisions of them.
func (tw Twin) Choices(bot engine.Bot, decisions int) (int, error) {
	if tw.Viewer.Kind != engine.Player {
		return 0, fmt.Errorf("the viewer must be a seat")
	}
	seat := tw.Viewer.Seat
	a, b := engine.NewGame(tw.Rules, tw.Seed), engine.NewGame(tw.Rules, tw.Seed)
	if err := tw.applyBoth(a, b, tw.SetupA, tw.SetupB); err != nil {
		return 0, fmt.Errorf("setup: %w", err)
	}
	logA, logB := append([]engine.Event(nil), tw.SetupA...), append([]engine.Event(nil), tw.SetupB...)
	r := botRand(tw.Seed)
	compared := 0
	for step := 0; step < tw.Steps && compared < decisions && a.State.Outcome() == nil; step++ {
		choices, err := tw.common(a.State, b.State.Prompts())
		if err != nil {
			return compared, fmt.Errorf("step %d: %w", step, err)
		}
		c, mine, ok := tw.next(r, choices)
		if !ok {
			return compared, nil
		}
		if mine {
			pa, _ := promptOf(a.State, seat)
			pb, _ := promptOf(b.State, seat)
			key := engine.BotRand(tw.Seed, a.Version+1, seat)
			ca, errA := bot.Choose(engine.KnowledgeOf(a.State, logA, pa), key)
			cb, errB := bot.Choose(engine.KnowledgeOf(b.State, logB, pb), engine.BotRand(tw.Seed, b.Version+1, seat))
			if errA != nil || errB != nil {
				return compared, fmt.Errorf("step %d: the bot failed: %v / %v", step, errA, errB)
			}
			if !proto.Equal(ca, cb) {
				return compared, fmt.Errorf("step %d: %v's bot chose %v in one game and %v in the other", step, seat, ca, cb)
			}
			compared++
			if tw.Allow != nil && !tw.Allow(a.State, seat, ca) {
				return compared, nil
			}
			c.cmd = ca
		}
		ea, _, errA := a.Decide(c.seat, c.cmd)
		eb, _, errB := b.Decide(c.seat, c.cmd)
		if errA != nil || errB != nil {
			return compared, fmt.Errorf("step %d: %v refused: %v / %v", step, c.cmd, errA, errB)
		}
		if tw.Stop != nil && (tw.Stop(ea) || tw.Stop(eb)) {
			return compared, nil
		}
		if err := tw.applyBoth(a, b, ea, eb); err != nil {
			return compared, fmt.Errorf("step %d (%v %v): %w", step, c.seat, c.cmd, err)
		}
		logA, logB = append(logA, ea...), append(logB, eb...)
	}
	return compared, nil
}

// next picks who acts: the viewer's bot (mine) half the time when the
// viewer is offered a choice among others, always when alone; else one of
// the others' commands, uniformly.
func (tw Twin) next(r *engine.Rand, choices []choice) (choice, bool, bool) {
	var mine, others []choice
	for _, c := range choices {
		if tw.Viewer.IsSeat(c.seat) {
			mine = append(mine, c)
		} else {
			others = append(others, c)
		}
	}
	switch {
	case len(mine) == 0 && len(others) == 0:
		return choice{}, false, false
	case len(mine) > 0 && (len(others) == 0 || r.IntN(2) == 0):
		return mine[0], len(mine) > 1, true
	}
	return others[r.IntN(len(others))], false, true
}

// promptOf returns seat's prompt in st.
func promptOf(st engine.State, seat engine.Seat) (engine.Prompt, bool) {
	for _, p := range st.Prompts() {
		if p.Seat == seat {
			return p, true
		}
	}
	return engine.Prompt{}, false
}
