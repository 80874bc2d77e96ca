package playtest

import (
	"fmt"

	"github.com/moonshine-games/moonshine/engine"
)

// CheckChain plays a uniformly random game of m and checks the game's
// takeback declaration ([engine.Module.Takebacks]) against what its decisions
// did: a command that drew from its generator (a die, a shuffle, a deal)
// must have written an event declared to draw or to reveal, so that a
// seat can never take back a roll alone. It stops after maxSteps commands.
func CheckChain(m engine.Module, table engine.Config, seed []byte, maxSteps int) error {
	g, _, err := engine.Start(m.Rules, table, seed)
	if err != nil {
		return err
	}
	bot := botRand(seed)
	for step := 0; step < maxSteps && g.State.Outcome() == nil; step++ {
		var live []engine.Prompt
		for _, p := range g.State.Prompts() {
			if len(p.Legal) > 0 {
				live = append(live, p)
			}
		}
		if len(live) == 0 {
			return fmt.Errorf("step %d: no seat is offered a command", step)
		}
		seat, cmd := pick(bot, live)
		rng := engine.CommandRand(seed, g.Version+1)
		evs, _, err := g.State.Decide(seat, cmd, rng)
		if err != nil {
			return fmt.Errorf("step %d: %v: %w", step, cmd, err)
		}
		worst := engine.ChainKeeps
		for _, ev := range evs {
			worst = max(worst, m.Takebacks.Chain(ev))
		}
		if rng.Drawn() && worst == engine.ChainKeeps {
			return fmt.Errorf("step %d: %v drew randomness, but no event it wrote is declared to draw: %v", step, cmd, evs)
		}
		if err := g.Apply(evs...); err != nil {
			return err
		}
	}
	return nil
}
