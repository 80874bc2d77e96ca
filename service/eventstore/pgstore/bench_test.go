package pgstore

import (
	"testing"

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
