package gameservice

import (
	"context"
	"fmt"
	"sync"

	"github.com/moonshine-games/moonshine/engine"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/eventstore"
	"github.com/moonshine-games/moonshine/service/games"
	"github.com/moonshine-games/moonshine/service/telemetry"
	"google.golang.org/protobuf/proto"
)

// table is one game held in memory: its metadata and its folded state. mu
// serialises the commands of the game in this process and guards g.
type table struct {
	mu   sync.Mutex
	meta eventstore.Game
	cfg  *moonshinev1.GameConfig
	game *games.Game
	g    *engine.Game
}

// cache holds the tables of recently used games, at most max of them. An
// evicted table may still be in use by a request; the store's
// compare-and-set keeps a second table of the same game correct.
type cache struct {
	mu  sync.Mutex
	max int
	m   map[string]*table
}

func newCache(max int) *cache {
	if max <= 0 {
		max = 1000
	}
	return &cache{max: max, m: map[string]*table{}}
}

func (c *cache) get(id string) *table {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.m[id]
}

// put stores t unless the game is there already; it returns the cached one.
func (c *cache) put(id string, t *table) *table {
	c.mu.Lock()
	defer c.mu.Unlock()
	if old := c.m[id]; old != nil {
		return old
	}
	for k := range c.m {
		if len(c.m) < c.max {
			break
		}
		delete(c.m, k)
	}
	c.m[id] = t
	return t
}

func (c *cache) len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.m)
}

func (c *cache) drop(id string, t *table) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m[id] == t {
		delete(c.m, id)
	}
}

// table returns the game's table, loading its metadata on first use. The
// state is folded lazily by [table.sync].
func (s *Service) table(ctx context.Context, id string) (*table, error) {
	if id == "" {
		return nil, badRequest("game_id", "required")
	}
	t := s.tables.get(id)
	s.tel.CacheLookup(t != nil)
	if t != nil {
		telemetry.NoteGame(ctx, t.game.Name())
		return t, nil
	}
	meta, err := s.store.GetGame(ctx, id)
	if err != nil {
		return nil, err
	}
	game, ok := s.games.Lookup(meta.Rules)
	if !ok {
		return nil, fmt.Errorf("game %s: rules %q are not hosted here", id, meta.Rules)
	}
	cfg := &moonshinev1.GameConfig{}
	if err := proto.Unmarshal(meta.Config, cfg); err != nil {
		return nil, fmt.Errorf("game %s: config: %w", id, err)
	}
	telemetry.NoteGame(ctx, game.Name())
	t = s.tables.put(id, &table{meta: meta, cfg: cfg, game: game, g: engine.NewGame(game.Rules, meta.Seed)})
	if len(cfg.GetBotSeats()) > 0 {
		s.bots.kick(id)
	}
	return t, nil
}

// sync folds the events appended since the table's version. The caller
// holds t.mu. A log that does not fold is corrupt: the table is dropped.
func (s *Service) sync(ctx context.Context, t *table) error {
	evs, err := s.store.ReadStream(ctx, t.meta.ID, t.g.Version, 0)
	if err != nil {
		return err
	}
	s.tel.CatchUp(len(evs))
	for _, ev := range evs {
		if err := fold(t.game, t.g, ev); err != nil {
			s.tables.drop(t.meta.ID, t)
			return err
		}
	}
	return nil
}

// fold applies one stored event to g: the game's events are applied, table
// talk only takes its sequence number.
func fold(game *games.Game, g *engine.Game, ev eventstore.Event) error {
	if ev.Seq != g.Version+1 {
		return fmt.Errorf("game %s: event %d follows %d", ev.GameID, ev.Seq, g.Version)
	}
	se, err := decodeStored(ev)
	if err != nil {
		return err
	}
	if games.IsChat(se) {
		g.Skip(1)
		return nil
	}
	e, err := game.DecodeEvent(se)
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
	evs, err := s.store.ReadStream(ctx, t.meta.ID, 0, int(seq))
	if err != nil {
		return nil, err
	}
	g := engine.NewGame(t.game.Rules, t.meta.Seed)
	for _, ev := range evs {
		if err := fold(t.game, g, ev); err != nil {
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
		read(t.g)
	}
	return snapshot{version: t.g.Version, over: t.g.State.Outcome() != nil}, nil
}
