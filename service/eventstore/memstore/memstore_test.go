package memstore_test

import (
	"testing"

	"github.com/moonshine-games/moonshine/service/eventstore"
	"github.com/moonshine-games/moonshine/service/eventstore/memstore"
	"github.com/moonshine-games/moonshine/service/eventstore/storetest"
)

func TestConformance(t *testing.T) {
	storetest.Run(t, func(t *testing.T) eventstore.Store { return memstore.New() })
}

func open(b *testing.B) eventstore.Store { return memstore.New() }

func BenchmarkAppend(b *testing.B)     { storetest.BenchAppend(b, open) }
func BenchmarkReadStream(b *testing.B) { storetest.BenchReadStream(b, open) }
