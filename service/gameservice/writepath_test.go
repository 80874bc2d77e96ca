package gameservice_test

import (
	"context"
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/games"

	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/eventstore"
	"github.com/moonshine-games/moonshine/service/eventstore/memstore"
	"github.com/moonshine-games/moonshine/service/server"
	"google.golang.org/protobuf/proto"
)

// readCounter is a real store that counts the reads of game records and
// streams made through it.
type readCounter struct {
	eventstore.Store
	records, streams atomic.Int64
}

func (r *readCounter) GetGame(ctx context.Context, id string) (eventstore.GameRecord, error) {
	r.records.Add(1)
	return r.Store.GetGame(ctx, id)
}

func (r *readCounter) ReadStream(ctx context.Context, id string, after int64, limit int) ([]eventstore.Event, error) {
	r.streams.Add(1)
	return r.Store.ReadStream(ctx, id, after, limit)
}

// reads returns the reads counted since the last call.
func (r *readCounter) reads() (records, streams int64) {
	return r.records.Swap(0), r.streams.Swap(0)
}

// TestTheWritePathReadsNothingBack: CreateGame keeps the game it dealt and
// SubmitCommand answers with the events it encoded, neither reading its
// own write back; the answer is what the log holds, as the seat sees it.
func TestTheWritePathReadsNothingBack(t *testing.T) {
	store := &readCounter{Store: memstore.New()}
	e := newEnv(t, store, nil)
	store.reads()
	g := e.create(2)
	if records, streams := store.reads(); records != 0 || streams != 0 {
		t.Errorf("CreateGame read %d records and %d streams back", records, streams)
	}
	tok := []string{e.join(g.GetGameId(), 0), e.join(g.GetGameId(), 1)}
	store.reads()
	res := e.mustSubmit(tok[0], g.GetGameId(), "c1", cmdDeliver(4))
	if records, streams := store.reads(); records != 0 || streams != 0 {
		t.Errorf("SubmitCommand read %d records and %d streams back", records, streams)
	}
	logged := e.history(tok[0], g.GetGameId()).GetEvents()[res.GetFirstSeq()-1 : res.GetLastSeq()]
	if len(res.GetEvents()) != len(logged) {
		t.Fatalf("answered %d events, the log holds %d", len(res.GetEvents()), len(logged))
	}
	for i := range logged {
		if !proto.Equal(res.GetEvents()[i], logged[i]) {
			t.Errorf("answered %v, the log holds %v", res.GetEvents()[i], logged[i])
		}
	}
	// A repeat is answered from the log: the first call wrote its events.
	again := e.mustSubmit(tok[0], g.GetGameId(), "c1", cmdDeliver(4))
	if !proto.Equal(again, res) {
		t.Errorf("the repeat answered %v, the first call %v", again, res)
	}
}

// TestTheEndIsRecorded: the append that ends a game marks its record
// finished, so that listings know it is over without folding it.
func TestTheEndIsRecorded(t *testing.T) {
	e := newEnv(t, nil, nil)
	id, tok := e.table(2)
	var last *moonshinev1.SubmitCommandResponse
	for i := range toyMoves {
		rec, _ := e.store.GetGame(context.Background(), id)
		if rec.Status() != eventstore.StatusActive {
			t.Fatalf("before move %d the record's status is %v", i, rec.Status())
		}
		last = e.mustSubmit(tok[i%2], id, "m"+string(rune('a'+i)), cmdPass())
	}
	rec, err := e.store.GetGame(context.Background(), id)
	if err != nil || rec.Status() != eventstore.StatusOver || !rec.FinishedAt.Equal(last.GetEvents()[0].GetRecordedAt().AsTime()) {
		t.Errorf("after the last move the record is %+v, %v", rec, err)
	}
}

// TestCacheBudget: a cache whose budget holds one game lets the other go
// and folds it again from the log when it is next used, and the games play
// on; one that holds both reloads neither.
func TestCacheBudget(t *testing.T) {
	for _, c := range []struct {
		budget  int64
		reloads bool
	}{{1, true}, {0, false}} {
		store := &readCounter{Store: memstore.New()}
		e := newEnv(t, store, func(cfg *server.Config) { cfg.CacheBytes = c.budget })
		a, tokA := e.table(2)
		b, tokB := e.table(2)
		store.reads()
		for i := range toyMoves {
			e.mustSubmit(tokA[i%2], a, fmt.Sprint("a", i), cmdPass())
			e.mustSubmit(tokB[i%2], b, fmt.Sprint("b", i), cmdDeliver(int32(i)))
		}
		records, _ := store.reads()
		if (records > 0) != c.reloads {
			t.Errorf("budget %d: %d game records loaded while two games alternated", c.budget, records)
		}
		for _, id := range []string{a, b} {
			if h := e.history("", id); h.GetGame().GetStatus() != moonshinev1.GameStatus_GAME_STATUS_OVER || len(h.GetCommands()) != toyMoves {
				t.Errorf("budget %d: game %s ended %v with %d commands", c.budget, id, h.GetGame().GetStatus(), len(h.GetCommands()))
			}
		}
	}
}

// TestOlderGamesSummarised: a game whose record the store wrote before it
// kept its read model (no players, no finish) is summarised when the
// service starts, from its configuration and log, and is then listed
// where it stands.
func TestOlderGamesSummarised(t *testing.T) {
	store := memstore.New()
	storeOlderGame(t, store, 2, toyMoves, 0)
	e := newEnv(t, store, nil)
	var rec eventstore.GameRecord
	for deadline := time.Now().Add(10 * time.Second); rec.Players == 0 && time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		rec, _ = store.GetGame(context.Background(), "old")
	}
	last, _ := store.ReadStream(context.Background(), "old", rec.Version-1, 1)
	if rec.Players != 2 || rec.Variant != "standard" || rec.Status() != eventstore.StatusOver || len(last) != 1 || !rec.FinishedAt.Equal(last[0].RecordedAt) {
		t.Fatalf("the older game's record after the start: %+v", rec)
	}
	res, err := e.client.ListGames(context.Background(), &moonshinev1.ListGamesRequest{Status: moonshinev1.GameStatus_GAME_STATUS_OVER})
	if err != nil || len(res.GetGames()) != 1 || res.GetGames()[0].GetGameId() != "old" || len(res.GetGames()[0].GetSeed()) == 0 {
		t.Errorf("finished games listed: %v, %v", res, err)
	}
}

// storeOlderGame stores toy game "old" as a store wrote it before it kept
// its read model (no players in the record): a table of players, moves
// passes played, then the extra stored events (table talk, as such games
// kept it among their events); players is recorded when recorded is set.
func storeOlderGame(t *testing.T, store eventstore.Store, players, moves int, recorded int, extra ...*moonshinev1.StoredEvent) {
	t.Helper()
	reg, _ := games.New(toyModule())
	mod, _ := reg.Lookup("toy")
	seed := make([]byte, engine.SeedSize)
	g, evs, err := engine.Start(toy{}, engine.Config{Players: players}, seed)
	if err != nil {
		t.Fatal(err)
	}
	for i := range moves {
		more, _, err := g.Decide(engine.Seat(i%players), pass())
		if err == nil {
			err = g.Apply(more...)
		}
		if err != nil {
			t.Fatal(err)
		}
		evs = append(evs, more...)
	}
	stored := make([]*moonshinev1.StoredEvent, 0, len(evs)+len(extra))
	for _, ev := range evs {
		stored = append(stored, mod.EncodeEvent(ev))
	}
	var data [][]byte
	for _, se := range append(stored, extra...) {
		b, err := proto.Marshal(se)
		if err != nil {
			t.Fatal(err)
		}
		data = append(data, b)
	}
	cfg, _ := proto.Marshal(&moonshinev1.GameConfig{Players: int32(players)})
	commit := engine.SeedCommitment(seed)
	rec := eventstore.GameRecord{ID: "old", Rules: "toy", Config: cfg, Seed: seed, SeedCommitment: commit[:], Players: recorded}
	if _, err := store.CreateGame(context.Background(), rec, data); err != nil {
		t.Fatal(err)
	}
}
