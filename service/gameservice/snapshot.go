package gameservice

import (
	"context"
	"reflect"
	"slices"

	"github.com/moonshine-games/moonshine/engine"
)

// cloneGame returns a deep copy of g when its state copies itself: every
// game on the engine's kit does (engine.Folding's Clone, whose result type
// is the game's own, hence the reflection); nil for a game that does not.
func cloneGame(g *engine.Game) *engine.Game {
	m := reflect.ValueOf(g.State).MethodByName("Clone")
	if !m.IsValid() || m.Type().NumIn() != 0 || m.Type().NumOut() != 1 {
		return nil
	}
	st, ok := m.Call(nil)[0].Interface().(engine.State)
	if !ok {
		return nil
	}
	c := *g
	c.State = st
	return &c
}

// maxSnapshots bounds the earlier states a table keeps for GetViewAt.
const maxSnapshots = 4

// snapshots are earlier states of a table's game, kept for GetViewAt so
// that replaying a game view by view folds from the last view shown, not
// from the start. They are made by GetViewAt only, the most recently used
// last, and count against the cache's budget with their table. The caller
// holds table.mu.
type snapshots struct {
	games []pastState
}

// pastState is the table at an earlier version: its game and its turn
// clocks as of then.
type pastState struct {
	g      *engine.Game
	clocks clockState
}

// take returns the table at the latest version at most seq that it can
// give, for the caller to fold on: a copy of a snapshot, the snapshot
// itself when the game does not copy (it is then no longer kept), or a
// new game.
func (sn *snapshots) take(t *table, seq int64) pastState {
	best := -1
	for i, p := range sn.games {
		if p.g.Version <= seq && (best < 0 || p.g.Version > sn.games[best].g.Version) {
			best = i
		}
	}
	if best < 0 {
		return pastState{g: engine.NewGame(t.module.Rules, t.record.Seed)}
	}
	p := sn.games[best]
	sn.games = slices.Delete(sn.games, best, best+1)
	if c := cloneGame(p.g); c != nil {
		sn.games = append(sn.games, p) // used last
		return pastState{g: c, clocks: clockState{seats: slices.Clone(p.clocks.seats)}}
	}
	return p
}

// keep adds a state the table folded for a view, dropping the least
// recently used beyond maxSnapshots.
func (sn *snapshots) keep(p pastState) {
	if i := slices.IndexFunc(sn.games, func(o pastState) bool { return o.g.Version == p.g.Version }); i >= 0 {
		sn.games = slices.Delete(sn.games, i, i+1)
	}
	sn.games = append(sn.games, p)
	if len(sn.games) > maxSnapshots {
		sn.games = slices.Delete(sn.games, 0, 1)
	}
}

// foldTo folds the game as of event seq, apart from the cache's own game,
// from the nearest snapshot: one read of the events between (none when a
// snapshot is at seq). It runs read on the result, the game and its turn
// clocks as of seq, under the table's lock, then keeps it as a snapshot.
func (s *Service) foldTo(ctx context.Context, t *table, seq int64, read func(g *engine.Game, clocks *clockState)) error {
	t.mu.Lock()
	p := t.snaps.take(t, seq) // the caller's alone until kept
	t.mu.Unlock()
	if p.g.Version < seq {
		evs, err := s.store.ReadStream(ctx, t.record.ID, p.g.Version, int(seq-p.g.Version))
		if err != nil {
			return err
		}
		for _, ev := range evs {
			se, err := fold(t.module, p.g, ev)
			if err == nil && isTakenBack(se) {
				p.g, err = s.refold(ctx, t, ev.Seq) // takeback.go
			}
			if err != nil {
				return err
			}
			if te := se.GetPublic().GetTable(); te != nil && t.cfg.GetTimer() != nil {
				p.clocks.fold(t.cfg.GetTimer(), te)
			}
		}
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	read(p.g, &p.clocks)
	t.snaps.keep(p)
	s.tables.resize(t.record.ID, t, t.size())
	return nil
}
