package sqlitestore_test

import (
	"path/filepath"
	"testing"

	"github.com/moonshine-games/moonshine/service/eventstore"
	"github.com/moonshine-games/moonshine/service/eventstore/storetest"
)

func openBench(b *testing.B) eventstore.Store {
	return open(b, filepath.Join(b.TempDir(), "events.db"))
}

func BenchmarkAppend(b *testing.B)     { storetest.BenchAppend(b, openBench) }
func BenchmarkReadStream(b *testing.B) { storetest.BenchReadStream(b, openBench) }
