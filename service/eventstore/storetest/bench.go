package storetest

import (
	"context"
	"fmt"
	"sync/atomic"
	"testing"

	"github.com/moonshine-games/moonshine/service/eventstore"
)

// ParallelWriters is the number of goroutines per GOMAXPROCS in the
// parallel append benchmark (b.SetParallelism).
const ParallelWriters = 8

// BenchAppend benchmarks Append on a store from open: "single" is one
// writer appending one event (with a command id, at the exact expected
// version) to one game; "batch10" the same with ten events; "parallel" is
// ParallelWriters*GOMAXPROCS writers each on a game of its own. Each
// reports events/s.
func BenchAppend(b *testing.B, open func(b *testing.B) eventstore.Store) {
	event := make([]byte, 200)
	for _, n := range []int{1, 10} {
		name := "single"
		if n > 1 {
			name = fmt.Sprint("batch", n)
		}
		b.Run(name, func(b *testing.B) {
			s := open(b)
			defer s.Close()
			ctx := context.Background()
			if _, err := s.CreateGame(ctx, eventstore.GameRecord{ID: "g", Rules: "bench"}, [][]byte{event}); err != nil {
				b.Fatal(err)
			}
			events := make([][]byte, n)
			for i := range events {
				events[i] = event
			}
			v := int64(1)
			b.ReportAllocs()
			for b.Loop() {
				_, err := s.Append(ctx, eventstore.AppendRequest{
					GameID: "g", ExpectedVersion: v, Events: events,
					Command: &eventstore.Command{ID: fmt.Sprint("c", v), Data: event[:50]},
				})
				if err != nil {
					b.Fatal(err)
				}
				v += int64(n)
			}
			b.ReportMetric(float64(v-1)/b.Elapsed().Seconds(), "events/s")
		})
	}
	b.Run("parallel", func(b *testing.B) {
		s := open(b)
		defer s.Close()
		ctx := context.Background()
		var games atomic.Int64
		var total atomic.Int64
		b.SetParallelism(ParallelWriters)
		b.ReportAllocs()
		b.ResetTimer()
		b.RunParallel(func(pb *testing.PB) {
			id := fmt.Sprint("p", games.Add(1))
			if _, err := s.CreateGame(ctx, eventstore.GameRecord{ID: id, Rules: "bench"}, [][]byte{event}); err != nil {
				b.Error(err)
				return
			}
			v := int64(1)
			for pb.Next() {
				_, err := s.Append(ctx, eventstore.AppendRequest{
					GameID: id, ExpectedVersion: v, Events: [][]byte{event},
					Command: &eventstore.Command{ID: fmt.Sprint("c", v), Data: event[:50]},
				})
				if err != nil {
					b.Error(err)
					return
				}
				v++
			}
			total.Add(v - 1)
		})
		b.ReportMetric(float64(total.Load())/b.Elapsed().Seconds(), "events/s")
	})
}

// BenchReadStream benchmarks ReadStream of a whole 1000-event game
// ("all1000") and of its last 10 events ("tail10", a watcher catching up).
func BenchReadStream(b *testing.B, open func(b *testing.B) eventstore.Store) {
	const total = 1000
	s := open(b)
	defer s.Close()
	ctx := context.Background()
	event := make([]byte, 200)
	events := make([][]byte, 100)
	for i := range events {
		events[i] = event
	}
	if _, err := s.CreateGame(ctx, eventstore.GameRecord{ID: "g", Rules: "bench"}, events); err != nil {
		b.Fatal(err)
	}
	for v := int64(100); v < total; v += 100 {
		if _, err := s.Append(ctx, eventstore.AppendRequest{GameID: "g", ExpectedVersion: v, Events: events}); err != nil {
			b.Fatal(err)
		}
	}
	for _, c := range []struct {
		name  string
		after int64
		want  int
	}{{"all1000", 0, total}, {"tail10", total - 10, 10}} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			n := 0
			for b.Loop() {
				evs, err := s.ReadStream(ctx, "g", c.after, 0)
				if err != nil || len(evs) != c.want {
					b.Fatalf("ReadStream = %d events, %v", len(evs), err)
				}
				n += len(evs)
			}
			b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "events/s")
		})
	}
}
