package gamehost

import (
	"context"
	"slices"

	"github.com/moonshine-games/moonshine/engine"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/turnclock"
)

// Checkpoints: a replay folding a game keeps its state every
// checkpointEvery events on the way, so that any later view of the game at
// an earlier version folds at most that many events; a game keeps at most
// maxCheckpoints of them (the least recently used go first), and they
// count against the cache's budget with the game.
const (
	checkpointEvery = 200
	maxCheckpoints  = 16
)

// checkpoints are earlier states of a game, kept for ReadAt so that
// replaying a game view by view folds from the last view shown, not from
// the start. They are made by ReadAt only, the most recently used last,
// and count against the cache's budget with their game. The game's mu
// guards them.
type checkpoints struct {
	kept []checkpoint
}

// checkpoint is the game at an earlier version: its state and its turn
// clocks as of then.
type checkpoint struct {
	g      *engine.Game
	clocks turnclock.Clocks
}

// take returns a copy of the checkpoint at the latest version at most seq,
// for the caller to fold on, or a new game when there is none.
func (cp *checkpoints) take(g *Game, seq int64) checkpoint {
	best := -1
	for i, p := range cp.kept {
		if p.g.Version <= seq && (best < 0 || p.g.Version > cp.kept[best].g.Version) {
			best = i
		}
	}
	if best < 0 {
		return checkpoint{g: engine.NewGame(g.module.Rules, g.record.Seed)}
	}
	p := cp.kept[best]
	cp.kept = append(slices.Delete(cp.kept, best, best+1), p) // used last
	return checkpoint{g: p.g.Clone(), clocks: p.clocks.Clone()}
}

// keep adds a state the game folded for a replay, dropping the least
// recently used beyond maxCheckpoints.
func (cp *checkpoints) keep(p checkpoint) {
	if i := slices.IndexFunc(cp.kept, func(o checkpoint) bool { return o.g.Version == p.g.Version }); i >= 0 {
		cp.kept = slices.Delete(cp.kept, i, i+1)
	}
	cp.kept = append(cp.kept, p)
	if len(cp.kept) > maxCheckpoints {
		cp.kept = slices.Delete(cp.kept, 0, 1)
	}
}

// Then is the game at an earlier version, as ReadAt shows it: valid only
// while the read runs.
type Then struct {
	g  *Game
	at checkpoint
}

// State is the game's state then.
func (t Then) State() engine.State { return t.at.g.State }

// Prompts returns whom the game waited for then.
func (t Then) Prompts() []engine.Prompt { return t.at.g.State.Prompts() }

// WireClocks returns every seat's clock then, for a view (nil: a table
// without timers).
func (t Then) WireClocks() []*moonshinev1.SeatClock {
	return t.at.clocks.Wire(t.g.cfg.GetTimer(), int(t.g.cfg.GetPlayers()))
}

// ReadAt runs read on the game as of event seq, which the caller knows the
// log holds, apart from the game's own state: folded from the nearest
// checkpoint, with one read of the events between (none when a
// checkpoint is at seq), and kept as a checkpoint. A seq at the game's
// version reads the game itself.
func (h *Host) ReadAt(ctx context.Context, g *Game, seq int64, read func(Then)) error {
	g.mu.Lock()
	if g.folded.Version == seq && !g.behind.Load() {
		defer g.mu.Unlock()
		read(Then{g: g, at: checkpoint{g: g.folded, clocks: g.clocks}})
		return nil
	}
	p := g.checkpoints.take(g, seq) // the caller's alone until kept
	g.mu.Unlock()
	var passed []checkpoint // the checkpoints folded past on the way
	if p.g.Version < seq {
		evs, err := h.store.ReadStream(ctx, g.record.ID, p.g.Version, int(seq-p.g.Version))
		if err != nil {
			return err
		}
		for _, ev := range evs {
			if v := p.g.Version; v > 0 && v%checkpointEvery == 0 && v < seq {
				passed = append(passed, checkpoint{g: p.g.Clone(), clocks: p.clocks.Clone()})
			}
			se, err := foldEvent(g.module, p.g, ev)
			if err == nil && isTakenBack(se) {
				p.g, err = refold(ctx, h.store, g, ev.Seq) // takeback.go
			}
			if err != nil {
				return err
			}
			if te := se.GetPublic().GetTable(); te != nil && g.cfg.GetTimer() != nil {
				p.clocks.Fold(g.cfg.GetTimer(), te)
			}
		}
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	read(Then{g: g, at: p})
	for _, c := range passed {
		g.checkpoints.keep(c)
	}
	g.checkpoints.keep(p)
	h.measure.grew(g, 0)
	return nil
}
