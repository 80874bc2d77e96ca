package memstore_test

import (
	"errors"
	"testing"

	"github.com/moonshine-games/moonshine/service/eventstore"
	"github.com/moonshine-games/moonshine/service/eventstore/memstore"
	"github.com/moonshine-games/moonshine/service/eventstore/storetest"
)

func TestConformance(t *testing.T) {
	storetest.Run(t, func(t *testing.T) eventstore.Store { return memstore.New() })
}

// A closed store is unavailable, not broken.
func TestClosedIsUnavailable(t *testing.T) {
	s := memstore.New()
	s.Close()
	if _, err := s.GetGame(t.Context(), "g"); !errors.Is(err, eventstore.ErrUnavailable) {
		t.Errorf("GetGame on a closed store: %v, want ErrUnavailable", err)
	}
}

func open(b *testing.B) eventstore.Store { return memstore.New() }

func BenchmarkAppend(b *testing.B)     { storetest.BenchAppend(b, open) }
func BenchmarkReadStream(b *testing.B) { storetest.BenchReadStream(b, open) }
