package sqlitestore_test

import (
	"errors"
	"fmt"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/moonshine-games/moonshine/service/eventstore"
	"github.com/moonshine-games/moonshine/service/eventstore/sqlitestore"
	"github.com/moonshine-games/moonshine/service/eventstore/storetest"
)

func open(t testing.TB, path string) *sqlitestore.Store {
	t.Helper()
	s, err := sqlitestore.Open(path)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() { _ = s.Close() })
	return s
}

func TestConformance(t *testing.T) {
	storetest.Run(t, func(t *testing.T) eventstore.Store {
		return open(t, filepath.Join(t.TempDir(), "events.db"))
	})
}

// Reopening the file finds everything; opening applies no migration twice.
func TestReopen(t *testing.T) {
	ctx := t.Context()
	path := filepath.Join(t.TempDir(), "events.db")
	s, err := sqlitestore.Open(path)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	if _, err := s.CreateGame(ctx, eventstore.GameRecord{ID: "g", Rules: "r"}, [][]byte{[]byte("a"), []byte("b")}); err != nil {
		t.Fatalf("CreateGame: %v", err)
	}
	if err := s.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	s = open(t, path)
	evs, err := s.ReadStream(ctx, "g", 0, 0)
	if err != nil || len(evs) != 2 || string(evs[1].Data) != "b" {
		t.Fatalf("after reopening, ReadStream = %v, %v", evs, err)
	}
}

// Two stores on one file (two processes): a subscriber on one wakes for an
// append through the other, and appends through both stay consistent.
func TestTwoStoresOneFile(t *testing.T) {
	ctx := t.Context()
	path := filepath.Join(t.TempDir(), "events.db")
	a, b := open(t, path), open(t, path)
	if _, err := a.CreateGame(ctx, eventstore.GameRecord{ID: "g", Rules: "r"}, [][]byte{[]byte("a")}); err != nil {
		t.Fatalf("CreateGame: %v", err)
	}
	ch, err := a.Subscribe(ctx, "g")
	if err != nil {
		t.Fatalf("Subscribe: %v", err)
	}
	for v := int64(1); v <= 3; v++ {
		if _, err := b.Append(ctx, eventstore.AppendRequest{GameID: "g", ExpectedVersion: v, Events: [][]byte{[]byte("e")}}); err != nil {
			t.Fatalf("Append through b: %v", err)
		}
		for seen := false; !seen; {
			select {
			case <-ch:
			case <-time.After(20 * time.Second):
				t.Fatalf("append %d through the other store: no wake-up", v)
			}
			evs, err := a.ReadStream(ctx, "g", v, 0)
			if err != nil {
				t.Fatalf("ReadStream: %v", err)
			}
			seen = len(evs) > 0
		}
	}
	_, err = a.Append(ctx, eventstore.AppendRequest{GameID: "g", ExpectedVersion: 1, Events: [][]byte{[]byte("late")}})
	if !eventstore.IsVersionConflict(err) {
		t.Fatalf("stale append through a = %v, want a version conflict", err)
	}
}

// TestGroupCommit: appends racing on several games, committed together,
// each get their own answer: a writer's appends all land, a stale writer's
// are all conflicts, a repeat is the first result, an unknown game is not
// found; none disturbs the others, and after reopening the file every
// acknowledged append is there, dense and in order.
func TestGroupCommit(t *testing.T) {
	ctx := t.Context()
	path := filepath.Join(t.TempDir(), "events.db")
	s, err := sqlitestore.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	const games, appends = 6, 15
	for g := range games {
		if _, err := s.CreateGame(ctx, eventstore.GameRecord{ID: fmt.Sprint("g", g), Rules: "r"}, [][]byte{[]byte("open")}); err != nil {
			t.Fatal(err)
		}
	}
	errs := make(chan error, 4*games*appends)
	var wg sync.WaitGroup
	for g := range games {
		id := fmt.Sprint("g", g)
		cmd := func(n int) *eventstore.Command {
			return &eventstore.Command{ID: fmt.Sprint("a", n), Data: []byte{byte(n)}}
		}
		if _, err := s.Append(ctx, eventstore.AppendRequest{GameID: id, ExpectedVersion: 1, Events: [][]byte{{0}}, Command: cmd(0)}); err != nil {
			t.Fatal(err)
		}
		wg.Go(func() { // the writer: every append lands
			for i := 1; i < appends; i++ {
				res, err := s.Append(ctx, eventstore.AppendRequest{GameID: id, ExpectedVersion: int64(1 + i), Events: [][]byte{{byte(i)}}, Command: cmd(i)})
				if err != nil || res.Duplicate || res.FirstSeq != int64(2+i) {
					errs <- fmt.Errorf("%s append %d: %+v, %v", id, i, res, err)
				}
			}
		})
		wg.Go(func() { // a stale writer: every append is a conflict
			for i := range appends {
				_, err := s.Append(ctx, eventstore.AppendRequest{GameID: id, ExpectedVersion: 0, Events: [][]byte{{0xff}}, Command: &eventstore.Command{ID: fmt.Sprint("stale", i)}})
				if !eventstore.IsVersionConflict(err) {
					errs <- fmt.Errorf("%s stale append %d: %v, want a conflict", id, i, err)
				}
			}
		})
		wg.Go(func() { // a repeat of the writer's first command
			for range appends {
				res, err := s.Append(ctx, eventstore.AppendRequest{GameID: id, ExpectedVersion: eventstore.AnyVersion, Events: [][]byte{{0}}, Command: cmd(0)})
				switch {
				case err != nil:
					errs <- fmt.Errorf("%s repeat: %v", id, err)
				case !res.Duplicate || res.FirstSeq != 2:
					errs <- fmt.Errorf("%s repeat: %+v, want the first result", id, res)
				}
			}
		})
		wg.Go(func() {
			for range appends {
				if _, err := s.Append(ctx, eventstore.AppendRequest{GameID: id + "-missing", ExpectedVersion: 0, Events: [][]byte{{0}}}); !errors.Is(err, eventstore.ErrNotFound) {
					errs <- fmt.Errorf("append to a missing game: %v", err)
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s = open(t, path)
	for g := range games {
		evs, err := s.ReadStream(ctx, fmt.Sprint("g", g), 0, 0)
		if err != nil || len(evs) != 1+appends {
			t.Fatalf("g%d after reopening: %d events, %v; want %d", g, len(evs), err, 1+appends)
		}
		for i, ev := range evs[1:] {
			if ev.Seq != int64(2+i) || len(ev.Data) != 1 || ev.Data[0] != byte(i) {
				t.Errorf("g%d event %d is %+v", g, i+2, ev)
			}
		}
	}
}
