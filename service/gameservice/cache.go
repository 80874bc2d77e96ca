package gameservice

import (
	"context"
	"fmt"
	"strconv"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/games"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/eventstore"
	"github.com/moonshine-games/moonshine/service/telemetry"
	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/proto"
)

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

// size measures the bytes the table holds: its folded game, its record,
// its configuration and its snapshots (heapSize), and the table and its cache entry
// themselves. The module is shared by every table of the game and not
// counted.
func (t *table) size() int64 {
	return tableOverhead + heapSize(t.folded) + heapSize(t.record) + heapSize(t.cfg) + heapSize(t.snaps.games)
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
	t = newTable(rec, cfg, mod, engine.NewGame(mod.Rules, rec.Seed), -1)
	t.talk.Store(rec.TalkVersion)
	t = s.tables.put(id, t, t.size())
	if len(cfg.GetBotSeats()) > 0 {
		s.bots.kick(id)
	}
	return t, nil
}

// sync folds the events appended since the table's version: those the
// store's changes carried, when they bring it to the last version told
// (carried.go), else those read from the log. The caller holds t.mu. A
// log that does not fold is corrupt: the table is dropped. Events folded
// are kept for the table's watchers, decoded.
func (s *Service) sync(ctx context.Context, t *table) error {
	// A change told from now on is caught up with next time. Only a
	// table that was behind by what the store told may fold the events
	// the changes carried instead of reading: a caller that syncs
	// otherwise wants the log's end.
	told := t.behind.Swap(false)
	evs, ok := t.carried.take(t.folded.Version)
	if !told || !ok || t.folded.Version == 0 {
		var err error
		if evs, err = s.store.ReadStream(ctx, t.record.ID, t.folded.Version, 0); err != nil {
			t.stale()
			return err
		}
		s.tel.CatchUp(len(evs))
	}
	for _, ev := range evs {
		se, err := fold(t.module, t.folded, ev)
		if err == nil && isTakenBack(se) {
			t.folded, err = s.refold(ctx, t, ev.Seq) // takeback.go
		}
		if err != nil {
			s.tables.drop(t.record.ID, t)
			return err
		}
		s.noteTable(t, ev, se)
		t.watch.add(ev.Seq, ev.RecordedAt, se)
	}
	if len(evs) > 0 {
		t.setFolded()
		s.remeasure(t)
	}
	return nil
}

// fold applies one stored event to g and returns it decoded. A game from
// before table talk had a stream of its own holds talk among its events:
// such an event takes its sequence number and changes nothing.
func fold(mod *games.Module, g *engine.Game, ev eventstore.Event) (*moonshinev1.StoredEvent, error) {
	if ev.Seq != g.Version+1 {
		return nil, fmt.Errorf("game %s: event %d follows %d", ev.GameID, ev.Seq, g.Version)
	}
	se, err := decodeStored(ev)
	if err != nil {
		return nil, err
	}
	if games.IsPlatform(se) {
		g.Version = ev.Seq
		return se, nil
	}
	e, err := mod.DecodeEvent(se)
	if err != nil {
		return nil, fmt.Errorf("game %s: event %d: %w", ev.GameID, ev.Seq, err)
	}
	return se, g.Apply(e)
}

func decodeStored(ev eventstore.Event) (*moonshinev1.StoredEvent, error) {
	se := &moonshinev1.StoredEvent{}
	if err := proto.Unmarshal(ev.Data, se); err != nil {
		return nil, fmt.Errorf("game %s: event %d: %w", ev.GameID, ev.Seq, err)
	}
	return se, nil
}

// snapshot is what a read needs of a table, taken under its lock.
type snapshot struct {
	version int64
	over    bool
}

// catchUp as the version a read needs has it read the log to its end
// whatever the table knows.
const catchUp = -1

// current returns the table's version and whether it is over, catching
// up with the log first when the table is behind it: when it was never
// folded, when the store told of appends past it, or when the caller needs
// a version past it (need; catchUp: read the log in any case). A need the
// log has not reached either is refused (OUT_OF_RANGE). With read, it
// also runs read on the game under the lock.
func (s *Service) current(ctx context.Context, t *table, need int64, read func(g *engine.Game)) (snapshot, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if need < 0 || need > t.folded.Version {
		t.carried.forget() // the log, whatever the store told
	}
	if need < 0 || need > t.folded.Version || t.folded.Version == 0 || t.behind.Load() {
		if err := s.sync(ctx, t); err != nil {
			return snapshot{}, err
		}
	}
	if need > t.folded.Version {
		return snapshot{}, versionNotReached(need, t.folded.Version)
	}
	if read != nil {
		read(t.folded)
	}
	return snapshot{version: t.folded.Version, over: t.folded.State.Outcome() != nil}, nil
}

// versionNotReached refuses a min_version the game has not reached.
func versionNotReached(need, version int64) error {
	ref := refuse(codes.OutOfRange, ReasonVersionNotReached, "the game is at version %d, not %d", version, need)
	ref.meta = map[string]string{"actual_version": strconv.FormatInt(version, 10)}
	return ref
}

// changed is the store's word that a game moved (eventstore.Store.OnChange):
// a cached table that has not folded that far is behind, and its watchers
// wake to catch up. A change of every game marks every table.
func (s *Service) changed(c eventstore.Change) {
	if c.GameID == "" {
		s.tables.each(func(t *table) {
			t.stale()
			t.wake()
		})
		return
	}
	t := s.tables.peek(c.GameID)
	if t == nil {
		return
	}
	moved := false
	switch {
	case c.Version == 0 && c.TalkVersion == 0:
		t.stale()
		moved = true
	case c.Version > t.version.Load():
		t.carried.tell(c)
		t.behind.Store(true)
		moved = true
	}
	for talk := t.talk.Load(); c.TalkVersion > talk; talk = t.talk.Load() {
		if t.talk.CompareAndSwap(talk, c.TalkVersion) {
			moved = true
		}
	}
	if moved {
		t.wake()
	}
}
