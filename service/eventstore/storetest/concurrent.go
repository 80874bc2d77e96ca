package storetest

import (
	"errors"
	"fmt"
	"sync"
	"testing"

	"github.com/moonshine-games/moonshine/service/eventstore"
)

// testConcurrentGames: appends racing on several games (which a store
// may commit together) each get their own answer: a writer's appends all
// land, a stale writer's are all conflicts, a repeat is the first result,
// an unknown game is not found; none disturbs the others, and each game's
// log holds every acknowledged append, dense and in order.
func testConcurrentGames(t *testing.T, s eventstore.Store) {
	ctx := t.Context()
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
	for g := range games {
		evs, err := s.ReadStream(ctx, fmt.Sprint("g", g), 0, 0)
		if err != nil || len(evs) != 1+appends {
			t.Fatalf("g%d: %d events, %v; want %d", g, len(evs), err, 1+appends)
		}
		for i, ev := range evs[1:] {
			if ev.Seq != int64(2+i) || len(ev.Data) != 1 || ev.Data[0] != byte(i) {
				t.Errorf("g%d event %d is %+v", g, i+2, ev)
			}
		}
	}
}
