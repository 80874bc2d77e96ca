package sqlitestore_test

import (
	"path/filepath"
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

// Two stores on one file (two processes): a listener of one is told of an
// append through the other, and appends through both stay consistent.
func TestTwoStoresOneFile(t *testing.T) {
	ctx := t.Context()
	path := filepath.Join(t.TempDir(), "events.db")
	a, b := open(t, path), open(t, path)
	if _, err := a.CreateGame(ctx, eventstore.GameRecord{ID: "g", Rules: "r"}, [][]byte{[]byte("a")}); err != nil {
		t.Fatalf("CreateGame: %v", err)
	}
	ch := make(chan struct{}, 1)
	defer a.OnChange(func(c eventstore.Change) {
		if c.GameID == "g" {
			select {
			case ch <- struct{}{}:
			default:
			}
		}
	})()
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
	_, err := a.Append(ctx, eventstore.AppendRequest{GameID: "g", ExpectedVersion: 1, Events: [][]byte{[]byte("late")}})
	if !eventstore.IsVersionConflict(err) {
		t.Fatalf("stale append through a = %v, want a version conflict", err)
	}
}
