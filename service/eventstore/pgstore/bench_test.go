package pgstore

import (
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"github.com/moonshine-games/moonshine/service/eventstore"
	"github.com/moonshine-games/moonshine/service/eventstore/pgtest"
	"github.com/moonshine-games/moonshine/service/eventstore/storetest"
)

func openBench(b *testing.B) eventstore.Store { return openTest(b, pgtest.New(b)) }

func BenchmarkAppend(b *testing.B)     { storetest.BenchAppend(b, openBench) }
func BenchmarkReadStream(b *testing.B) { storetest.BenchReadStream(b, openBench) }

// BenchmarkBaselineInsert is the ceiling Append is compared against: a bare
// single-row INSERT transaction through the same pool, on the same server.
func BenchmarkBaselineInsert(b *testing.B) {
	s := openTest(b, pgtest.New(b))
	ctx := b.Context()
	if _, err := s.pool.Exec(ctx, `CREATE TABLE baseline (id bigint GENERATED ALWAYS AS IDENTITY, data bytea)`); err != nil {
		b.Fatal(err)
	}
	data := make([]byte, 200)
	b.Run("single", func(b *testing.B) {
		for b.Loop() {
			if _, err := s.pool.Exec(ctx, `INSERT INTO baseline (data) VALUES ($1)`, data); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("parallel", func(b *testing.B) {
		b.SetParallelism(storetest.ParallelWriters)
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				if _, err := s.pool.Exec(ctx, `INSERT INTO baseline (data) VALUES ($1)`, data); err != nil {
					b.Error(err)
					return
				}
			}
		})
	})
}

// BenchmarkAppendVsInsert puts the append beside its ceiling in one run:
// each of storetest.ParallelWriters writers per CPU alternates a
// one-event append (with its command) to its own game and a bare
// single-row INSERT transaction, both through the same pool, so that both
// see the same load. It reports the mean time of each and append/insert,
// how many bare inserts an append costs.
func BenchmarkAppendVsInsert(b *testing.B) {
	s := openTest(b, pgtest.New(b))
	ctx := b.Context()
	if _, err := s.pool.Exec(ctx, `CREATE TABLE baseline (id bigint GENERATED ALWAYS AS IDENTITY, data bytea)`); err != nil {
		b.Fatal(err)
	}
	event := make([]byte, 200)
	var games, appendNs, insertNs atomic.Int64
	b.SetParallelism(storetest.ParallelWriters)
	b.RunParallel(func(pb *testing.PB) {
		id := fmt.Sprint("p", games.Add(1))
		if _, err := s.CreateGame(ctx, eventstore.GameRecord{ID: id, Rules: "bench"}, [][]byte{event}); err != nil {
			b.Error(err)
			return
		}
		for v := int64(1); pb.Next(); v++ {
			t0 := time.Now()
			_, err := s.Append(ctx, eventstore.AppendRequest{
				GameID: id, ExpectedVersion: v, Events: [][]byte{event},
				Command: &eventstore.Command{ID: fmt.Sprint("c", v), Data: event[:50]},
			})
			t1 := time.Now()
			if err == nil {
				_, err = s.pool.Exec(ctx, `INSERT INTO baseline (data) VALUES ($1)`, event)
			}
			if err != nil {
				b.Error(err)
				return
			}
			appendNs.Add(int64(t1.Sub(t0)))
			insertNs.Add(int64(time.Since(t1)))
		}
	})
	n := float64(b.N)
	b.ReportMetric(float64(appendNs.Load())/n/1e3, "append-µs")
	b.ReportMetric(float64(insertNs.Load())/n/1e3, "insert-µs")
	b.ReportMetric(float64(appendNs.Load())/float64(insertNs.Load()), "append/insert")
}
