package gameservice

import (
	"slices"
	"testing"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/boozebarons"
	bbpb "github.com/moonshine-games/moonshine/proto/moonshine/boozebarons/v1"
)

// ids returns the cached games, most recently used first.
func (c *cache) ids() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []string
	for e := c.order.Front(); e != nil; e = e.Next() {
		out = append(out, e.Value.(*cached).id)
	}
	return out
}

// TestCacheEvictsLeastRecentlyUsed: past its budget the cache lets the
// least recently used tables go, counting each at its measured size; the
// table used last stays whatever its size.
func TestCacheEvictsLeastRecentlyUsed(t *testing.T) {
	c := newCache(100)
	tables := map[string]*table{}
	for _, id := range []string{"a", "b", "c"} {
		tables[id] = &table{}
		c.put(id, tables[id], 30)
	}
	if got := c.ids(); !slices.Equal(got, []string{"c", "b", "a"}) {
		t.Fatalf("cached %v", got)
	}
	c.get("a") // a is used: b is now the least recent
	c.put("d", &table{}, 30)
	if got := c.ids(); !slices.Equal(got, []string{"d", "a", "c"}) {
		t.Errorf("after d: cached %v, want b evicted", got)
	}
	if n, used := c.usage(); n != 3 || used != 90 {
		t.Errorf("usage %d tables, %d bytes; want 3, 90", n, used)
	}
	c.resize("a", tables["a"], 60) // a grew, in use: c, now the least recent, goes
	if got := c.ids(); !slices.Equal(got, []string{"a", "d"}) {
		t.Errorf("after a grew: cached %v", got)
	}
	c.resize("a", tables["a"], 500) // alone past the budget, it stays
	if got := c.ids(); !slices.Equal(got, []string{"a"}) {
		t.Errorf("a table alone past the budget: cached %v", got)
	}
	c.resize("a", &table{}, 1) // another table of the game: ignored
	c.drop("a", &table{})
	if n, used := c.usage(); n != 1 || used != 500 {
		t.Errorf("a resize or drop of another table moved the cache: %d, %d", n, used)
	}
	c.drop("a", tables["a"])
	if n, used := c.usage(); n != 0 || used != 0 || c.get("a") != nil {
		t.Errorf("after the drop: %d tables, %d bytes", n, used)
	}
	if old := c.put("x", tables["b"], 10); old != tables["b"] || c.put("x", &table{}, 10) != tables["b"] {
		t.Error("put replaced a cached table")
	}
}

// TestHeapSize measures values whose heap bytes are known: each allocation
// counts once, and a protobuf message counts its fields, not the runtime's
// bookkeeping.
func TestHeapSize(t *testing.T) {
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
		if got := heapSize(c.v); got != c.want {
			t.Errorf("%s: %d bytes, want %d", c.name, got, c.want)
		}
	}
	small, big := &bbpb.View{Deck: []int32{1}}, &bbpb.View{Deck: make([]int32, 1000)}
	if s, b := heapSize(small), heapSize(big); s > 1024 || b < 4000 || b > s+5000 {
		t.Errorf("a message counts the runtime's type information: %d bytes for one card, %d for a thousand", s, b)
	}
	// A game grows as it is played.
	g, _, err := engine.Start(boozebarons.Rules{}, engine.Config{Players: 5}, make([]byte, 32))
	if err != nil {
		t.Fatal(err)
	}
	if n := heapSize(g); n < 500 || n > 1<<20 {
		t.Errorf("a new game measures %d bytes", n)
	}
}
