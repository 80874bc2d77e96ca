package gameservice

import (
	"container/list"
	"sync"
	"unsafe"
)

// DefaultCacheBytes is the default memory budget of the games kept folded
// (Options.CacheBytes).
const DefaultCacheBytes = 256 << 20

// tableOverhead is what a cached table costs beyond what heapSize measures
// of its parts: the table and the cache's entry, list element and map slot.
const tableOverhead = int64(unsafe.Sizeof(table{}) + unsafe.Sizeof(cached{}) + unsafe.Sizeof(list.Element{}) + 64)

// cache holds the tables of recently used games within a memory budget:
// each table's measured size counts against it, and when their sum passes
// the budget the least recently used tables are let go, however many that
// takes; the table used last stays even when it alone passes the budget,
// and so do tables with open watch streams (pinned), whose wake-ups come
// through them. An evicted table may still be in use by a request; the
// store's compare-and-set keeps a second table of the same game correct,
// and its appends are told to the cached one (Service.changed).
type cache struct {
	mu     sync.Mutex
	budget int64
	used   int64
	order  *list.List // of *cached, the most recently used first
	byID   map[string]*list.Element
}

// cached is one table in the cache, with its size as last measured.
type cached struct {
	id   string
	t    *table
	size int64
}

func newCache(budget int64) *cache {
	if budget <= 0 {
		budget = DefaultCacheBytes
	}
	return &cache{budget: budget, order: list.New(), byID: map[string]*list.Element{}}
}

// get returns the game's table and marks it used.
func (c *cache) get(id string) *table {
	c.mu.Lock()
	defer c.mu.Unlock()
	e := c.byID[id]
	if e == nil {
		return nil
	}
	c.order.MoveToFront(e)
	return e.Value.(*cached).t
}

// peek returns the game's table without marking it used.
func (c *cache) peek(id string) *table {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e := c.byID[id]; e != nil {
		return e.Value.(*cached).t
	}
	return nil
}

// each calls f on every cached table, under the cache's lock: f must be
// quick and must not use the cache.
func (c *cache) each(f func(*table)) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, e := range c.byID {
		f(e.Value.(*cached).t)
	}
}

// put stores t, of the given size, unless the game is there already; it
// returns the cached table.
func (c *cache) put(id string, t *table, size int64) *table {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e := c.byID[id]; e != nil {
		c.order.MoveToFront(e)
		return e.Value.(*cached).t
	}
	c.byID[id] = c.order.PushFront(&cached{id: id, t: t, size: size})
	c.used += size
	c.evict()
	return t
}

// resize records the size of a table measured anew, which is in use (it
// has just folded events), if it is still the game's cached one.
func (c *cache) resize(id string, t *table, size int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e := c.byID[id]
	if e == nil || e.Value.(*cached).t != t {
		return
	}
	en := e.Value.(*cached)
	c.used += size - en.size
	en.size = size
	c.order.MoveToFront(e)
	c.evict()
}

// drop removes the game's table if it is t.
func (c *cache) drop(id string, t *table) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e := c.byID[id]; e != nil && e.Value.(*cached).t == t {
		c.remove(e)
	}
}

// evict lets the least recently used tables go while the cache is over
// its budget, keeping the one used last and the pinned ones. The caller
// holds c.mu.
func (c *cache) evict() {
	for e := c.order.Back(); c.used > c.budget && e != nil && e != c.order.Front(); {
		prev := e.Prev()
		if e.Value.(*cached).t.pinned.Load() == 0 {
			c.remove(e)
		}
		e = prev
	}
}

func (c *cache) remove(e *list.Element) {
	en := c.order.Remove(e).(*cached)
	delete(c.byID, en.id)
	c.used -= en.size
}

// usage returns how many tables the cache holds and their measured bytes.
func (c *cache) usage() (tables int, bytes int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.order.Len(), c.used
}
