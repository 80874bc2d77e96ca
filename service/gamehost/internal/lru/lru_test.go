package lru

import (
	"slices"
	"testing"
)

// keys returns the cached keys, most recently used first.
func (c *Cache[V]) keys() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []string
	for e := c.order.Front(); e != nil; e = e.Next() {
		out = append(out, e.Value.(*entry[V]).key)
	}
	return out
}

type game struct{ name string }

// TestCacheEvictsLeastRecentlyUsed: past its budget the cache lets the
// least recently used values go, counting each at its measured size; the
// value used last stays whatever its size.
func TestCacheEvictsLeastRecentlyUsed(t *testing.T) {
	c := New[*game](100, 0)
	gs := map[string]*game{}
	for _, id := range []string{"a", "b", "c"} {
		gs[id] = &game{id}
		c.Put(id, gs[id], 30, false)
	}
	if got := c.keys(); !slices.Equal(got, []string{"c", "b", "a"}) {
		t.Fatalf("cached %v", got)
	}
	c.Get("a", false) // a is used: b is now the least recent
	c.Put("d", &game{}, 30, false)
	if got := c.keys(); !slices.Equal(got, []string{"d", "a", "c"}) {
		t.Errorf("after d: cached %v, want b evicted", got)
	}
	if n, used, evicted := c.Usage(); n != 3 || used != 90 || evicted != 1 {
		t.Errorf("usage %d values, %d bytes, %d evicted; want 3, 90, 1", n, used, evicted)
	}
	c.Resize("a", gs["a"], 60) // a grew, in use: c, now the least recent, goes
	if got := c.keys(); !slices.Equal(got, []string{"a", "d"}) {
		t.Errorf("after a grew: cached %v", got)
	}
	c.Resize("a", gs["a"], 500) // alone past the budget, it stays
	if got := c.keys(); !slices.Equal(got, []string{"a"}) {
		t.Errorf("a value alone past the budget: cached %v", got)
	}
	c.Resize("a", &game{}, 1) // another value of the key: ignored
	c.Drop("a", &game{})
	if n, used, _ := c.Usage(); n != 1 || used != 500 {
		t.Errorf("a resize or drop of another value moved the cache: %d, %d", n, used)
	}
	c.Drop("a", gs["a"])
	if _, _, ok := c.Get("a", false); ok {
		t.Error("a dropped value is still cached")
	}
	if n, used, _ := c.Usage(); n != 0 || used != 0 {
		t.Errorf("after the drop: %d values, %d bytes", n, used)
	}
	if old, _ := c.Put("x", gs["b"], 10, false); old != gs["b"] {
		t.Error("put did not store")
	}
	if again, _ := c.Put("x", &game{}, 10, false); again != gs["b"] {
		t.Error("put replaced a cached value")
	}
}

// TestPinnedStay: a pinned value is never let go; once unpinned it goes
// as soon as the cache is over its budget.
func TestPinnedStay(t *testing.T) {
	c := New[*game](50, 0)
	a := &game{"a"}
	_, unpin := c.Put("a", a, 40, true)
	c.Put("b", &game{"b"}, 40, false)
	if got := c.keys(); !slices.Equal(got, []string{"b", "a"}) {
		t.Fatalf("a pinned value was let go: cached %v", got)
	}
	unpin()
	unpin() // a second call changes nothing
	if got := c.keys(); !slices.Equal(got, []string{"b"}) {
		t.Errorf("after the unpin: cached %v", got)
	}
	if _, unpin, ok := c.Get("a", true); ok || unpin != nil {
		t.Error("a value let go is found")
	}
}
