package memsize

import (
	"testing"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/boozebarons"
	bbpb "github.com/moonshine-games/moonshine/proto/moonshine/boozebarons/v1"
)

// TestOf measures values whose heap bytes are known: each allocation
// counts once, and a protobuf message counts its fields, not the runtime's
// bookkeeping.
func TestOf(t *testing.T) {
	xs := make([]int64, 10, 16)
	shared := &struct{ a, b int64 }{}
	type pair struct{ p, q *struct{ a, b int64 } }
	cases := []struct {
		name string
		v    any
		want int64
	}{
		{"nil", nil, 0},
		{"a slice counts its capacity", xs, 16 * 8},
		{"a string", "hello", 5},
		{"a pointer shared twice counts once", pair{shared, shared}, 16},
		{"a pointer to a struct", &struct{ s []byte }{make([]byte, 7)}, 24 + 7},
	}
	for _, c := range cases {
		if got := Of(c.v); got != c.want {
			t.Errorf("%s: %d bytes, want %d", c.name, got, c.want)
		}
	}
	small, big := &bbpb.View{Deck: []int32{1}}, &bbpb.View{Deck: make([]int32, 1000)}
	if s, b := Of(small), Of(big); s > 1024 || b < 4000 || b > s+5000 {
		t.Errorf("a message counts the runtime's type information: %d bytes for one card, %d for a thousand", s, b)
	}
	// A game grows as it is played.
	g, _, err := engine.Start(boozebarons.Rules{}, engine.Config{Players: 5}, make([]byte, 32))
	if err != nil {
		t.Fatal(err)
	}
	if n := Of(g); n < 500 || n > 1<<20 {
		t.Errorf("a new game measures %d bytes", n)
	}
}
