package gameservice

import (
	"context"
	"fmt"
	"sync"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/games"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/eventstore"
	"github.com/moonshine-games/moonshine/service/telemetry"
	"google.golang.org/protobuf/proto"
)

// table is one game held in memory: the store's record of it, its table
// configuration, the module that hosts it and the game folded from its log.
// mu serialises the commands of the game in this process and guards folded.
type table struct {
	mu     sync.Mutex
	record eventstore.GameRecord
	cfg    *moonshinev1.GameConfig
	module *games.Module
	// folded is the game as of the last event folded from the store's log
	// (folded.Version).
	folded *engine.Game
	// measured is folded.Version when the table's size was last measured
	// for the cache (-1: never).
	measured int64
}

// remeasureEvery is how many events a table folds between two
// measurements of its size: a game's size moves slowly, and a measurement
// walks the whole state.
const remeasureEvery = 16

// remeasure measures the table for the cache when it has folded
// remeasureEvery events since it was last measured, or was never. The
// caller holds t.mu.
func (s *Service) remeasure(t *table) {
	if t.measured >= 0 && t.folded.Version-t.measured < remeasureEvery && t.folded.Version >= t.measured {
		return
	}
	t.measured = t.folded.Version
	s.tables.resize(t.record.ID, t, t.size())
}

// size measures the bytes the table holds: its folded game, its record and
// its configuration (heapSize), and the table and its cache entry
// themselves. The module is shared by every table of the game and not
// counted.
func (t *table) size() int64 {
	return tableOverhead + heapSize(t.folded) + heapSize(t.record) + heapSize(t.cfg)
}

// unfold drops the folded game, which the next sync folds again from the
// log: for a table whose game went ahead of the log.
func (t *table) unfold() { t.folded = engine.NewGame(t.module.Rules, t.record.Seed) }

// table returns the game's table, loading its metadata on first use. The
// state is folded lazily by [table.sync].
func (s *Service) table(ctx context.Context, id string) (*table, error) {
	if id == "" {
		return nil, badRequest("game_id", "required")
	}
	t := s.tables.get(id)
	s.tel.CacheLookup(t != nil)
	if t != nil {
		telemetry.NoteGame(ctx, t.module.Name())
		return t, nil
	}
	rec, err := s.store.GetGame(ctx, id)
	if err != nil {
		return nil, err
	}
	mod, ok := s.games.Lookup(rec.Rules)
	if !ok {
		return nil, fmt.Errorf("game %s: rules %q are not hosted here", id, rec.Rules)
	}
	cfg := &moonshinev1.GameConfig{}
	if err := proto.Unmarshal(rec.Config, cfg); err != nil {
		return nil, fmt.Errorf("game %s: config: %w", id, err)
	}
	telemetry.NoteGame(ctx, mod.Name())
	t = &table{record: rec, cfg: cfg, module: mod, folded: engine.NewGame(mod.Rules, rec.Seed), measured: -1}
	t = s.tables.put(id, t, t.size())
	if len(cfg.GetBotSeats()) > 0 {
		s.bots.kick(id)
	}
	return t, nil
}

// sync folds the events appended since the table's version. The caller
// holds t.mu. A log that does not fold is corrupt: the table is dropped.
func (s *Service) sync(ctx context.Context, t *table) error {
	evs, err := s.store.ReadStream(ctx, t.record.ID, t.folded.Version, 0)
	if err != nil {
		return err
	}
	s.tel.CatchUp(len(evs))
	for _, ev := range evs {
		if err := fold(t.module, t.folded, ev); err != nil {
			s.tables.drop(t.record.ID, t)
			return err
		}
	}
	if len(evs) > 0 {
		s.remeasure(t)
	}
	return nil
}

// fold applies one stored event to g. A game from before table talk had a
// stream of its own holds talk among its events: such an event takes its
// sequence number and changes nothing.
func fold(mod *games.Module, g *engine.Game, ev eventstore.Event) error {
	if ev.Seq != g.Version+1 {
		return fmt.Errorf("game %s: event %d follows %d", ev.GameID, ev.Seq, g.Version)
	}
	se, err := decodeStored(ev)
	if err != nil {
		return err
	}
	if games.IsChat(se) {
		g.Version = ev.Seq
		return nil
	}
	e, err := mod.DecodeEvent(se)
	if err != nil {
		return fmt.Errorf("game %s: event %d: %w", ev.GameID, ev.Seq, err)
	}
	return g.Apply(e)
}

func decodeStored(ev eventstore.Event) (*moonshinev1.StoredEvent, error) {
	se := &moonshinev1.StoredEvent{}
	if err := proto.Unmarshal(ev.Data, se); err != nil {
		return nil, fmt.Errorf("game %s: event %d: %w", ev.GameID, ev.Seq, err)
	}
	return se, nil
}

// foldTo rebuilds the game as of event seq, apart from the cache.
func (s *Service) foldTo(ctx context.Context, t *table, seq int64) (*engine.Game, error) {
	evs, err := s.store.ReadStream(ctx, t.record.ID, 0, int(seq))
	if err != nil {
		return nil, err
	}
	g := engine.NewGame(t.module.Rules, t.record.Seed)
	for _, ev := range evs {
		if err := fold(t.module, g, ev); err != nil {
			return nil, err
		}
	}
	return g, nil
}

// snapshot is what a read needs of a table, taken under its lock.
type snapshot struct {
	version int64
	over    bool
}

// current syncs the table and returns its version and whether it is over;
// with read, it also runs read on the synced game under the lock.
func (s *Service) current(ctx context.Context, t *table, read func(g *engine.Game)) (snapshot, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if err := s.sync(ctx, t); err != nil {
		return snapshot{}, err
	}
	if read != nil {
		read(t.folded)
	}
	return snapshot{version: t.folded.Version, over: t.folded.State.Outcome() != nil}, nil
}
