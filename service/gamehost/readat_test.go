package gamehost_test

import (
	"context"
	"crypto/sha256"
	"fmt"
	"log/slog"
	"sync/atomic"
	"testing"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/games"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/eventstore"
	"github.com/moonshine-games/moonshine/service/eventstore/memstore"
	"github.com/moonshine-games/moonshine/service/gamehost"
)

// eventReads counts the events a store's ReadStream returns.
type eventReads struct {
	eventstore.Store
	events atomic.Int64
}

func (r *eventReads) ReadStream(ctx context.Context, id string, after int64, limit int) ([]eventstore.Event, error) {
	evs, err := r.Store.ReadStream(ctx, id, after, limit)
	r.events.Add(int64(len(evs)))
	return evs, err
}

// played creates a 4-player Moonshine Kingdom game on h and plays seeded
// random legal commands through the host until its log holds at least
// events events.
func played(t *testing.T, h *gamehost.Host, events int64) *gamehost.Game {
	t.Helper()
	mod, _ := games.Default().Lookup("moonshine-kingdom")
	seed := sha256.Sum256([]byte(t.Name()))
	cfg := &moonshinev1.GameConfig{Players: 4, RulesVersion: mod.RulesVersion}
	opening, evs, err := engine.Start(mod.Rules, engine.Config{Players: 4}, seed[:])
	if err != nil {
		t.Fatal(err)
	}
	g, _, err := h.Create(t.Context(), gamehost.NewGame{Module: mod, Config: cfg, Seed: seed[:], Opening: opening, Events: evs})
	if err != nil {
		t.Fatal(err)
	}
	r := engine.NewRand(seed)
	for n := 0; ; n++ {
		var p *engine.Prompt
		at, err := h.Read(t.Context(), g, 0, func(now gamehost.Now) error {
			for _, q := range now.Prompts() {
				if len(q.Legal) > 0 {
					p = &q
					return nil
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if at.Version >= events {
			return g
		}
		if at.Over || p == nil {
			t.Fatalf("the game ended (or offered no listed command) at %d events", at.Version)
		}
		cmd := mod.WrapCommand(p.Legal[r.IntN(len(p.Legal))])
		if _, err := h.Submit(t.Context(), g, gamehost.Command{ID: fmt.Sprint("c", n), Seat: p.Seat, Command: cmd}); err != nil {
			t.Fatal(err)
		}
	}
}

// TestReplayFoldsFromCheckpoints: a replay that folds a game from its
// start keeps checkpoints on the way, so that stepping back through the
// game view by view, or jumping to an earlier event, folds at most a
// checkpoint's span of events, not the game from its start.
func TestReplayFoldsFromCheckpoints(t *testing.T) {
	store := &eventReads{Store: memstore.New()}
	h, err := gamehost.New(gamehost.Options{Store: store, Games: games.Default(), Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	h.Start(gamehost.Hooks{})
	defer h.Close()
	g := played(t, h, 900)
	view := func(seq int64) int64 {
		before := store.events.Load()
		if err := h.ReadAt(t.Context(), g, seq, func(then gamehost.Then) {
			if then.State() == nil {
				t.Fatalf("no state at %d", seq)
			}
		}); err != nil {
			t.Fatal(err)
		}
		return store.events.Load() - before
	}
	if n := view(850); n != 850 {
		t.Errorf("the first view at 850 read %d events, want the 850 to fold from the start", n)
	}
	for _, seq := range []int64{849, 820, 700, 650, 401, 399, 250} {
		if n := view(seq); n >= 200 {
			t.Errorf("the view at %d read %d events, want fewer than a checkpoint's span of 200", seq, n)
		}
	}
}
