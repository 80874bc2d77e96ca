// Package lru is a cache of the most recently used values within a budget
// of bytes: each value's measured size counts against the budget, and when
// their sum passes it the least recently used values are let go, however
// many that takes. The value used last stays even when it alone passes the
// budget, and so do values that are pinned.
//
// The game host (service/gamehost) keeps its loaded games in one.
package lru

import (
	"container/list"
	"sync"
)

// Cache holds values by key. The zero value is not usable: see New.
type Cache[V comparable] struct {
	// OnEvict, if set, is told of each value let go to keep within the
	// budget (under the cache's lock: it must be quick).
	OnEvict func(V)
	mu      sync.Mutex
	budget  int64
	used    int64
	evicted int64
	order   *list.List // of *entry[V], the most recently used first
	byKey   map[string]*list.Element
}

// entry is one value in the cache, with its size as last measured and the
// count of its pins.
type entry[V comparable] struct {
	key  string
	v    V
	size int64
	pins int
}

// New returns a cache within budget bytes (budget <= 0: def).
func New[V comparable](budget, def int64) *Cache[V] {
	if budget <= 0 {
		budget = def
	}
	return &Cache[V]{budget: budget, order: list.New(), byKey: map[string]*list.Element{}}
}

// Get returns the value of key and marks it used; with pin, it also pins
// it until the returned unpin is called (unpin is nil when nothing was
// found).
func (c *Cache[V]) Get(key string, pin bool) (v V, unpin func(), ok bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e := c.byKey[key]
	if e == nil {
		return v, nil, false
	}
	c.order.MoveToFront(e)
	en := e.Value.(*entry[V])
	if pin {
		unpin = c.pin(en)
	}
	return en.v, unpin, true
}

// pin pins en (the caller holds c.mu) and returns its unpin.
func (c *Cache[V]) pin(en *entry[V]) func() {
	en.pins++
	var once sync.Once
	return func() {
		once.Do(func() {
			c.mu.Lock()
			defer c.mu.Unlock()
			en.pins--
			c.evict()
		})
	}
}

// Peek returns the value of key without marking it used.
func (c *Cache[V]) Peek(key string) (v V, ok bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e := c.byKey[key]; e != nil {
		return e.Value.(*entry[V]).v, true
	}
	return v, false
}

// Each calls f on every value, under the cache's lock: f must be quick and
// must not use the cache.
func (c *Cache[V]) Each(f func(V)) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, e := range c.byKey {
		f(e.Value.(*entry[V]).v)
	}
}

// Put stores v, of the given size, under key unless the key holds a value
// already; it returns the value the cache holds, pinned as Get pins.
func (c *Cache[V]) Put(key string, v V, size int64, pin bool) (V, func()) {
	c.mu.Lock()
	defer c.mu.Unlock()
	var en *entry[V]
	if e := c.byKey[key]; e != nil {
		c.order.MoveToFront(e)
		en = e.Value.(*entry[V])
	} else {
		en = &entry[V]{key: key, v: v, size: size}
		c.byKey[key] = c.order.PushFront(en)
		c.used += size
	}
	var unpin func()
	if pin {
		unpin = c.pin(en)
	}
	c.evict()
	return en.v, unpin
}

// Resize records the size of v measured anew, if it is still key's value;
// it is marked used.
func (c *Cache[V]) Resize(key string, v V, size int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e := c.byKey[key]
	if e == nil || e.Value.(*entry[V]).v != v {
		return
	}
	en := e.Value.(*entry[V])
	c.used += size - en.size
	en.size = size
	c.order.MoveToFront(e)
	c.evict()
}

// Drop removes key's value if it is v.
func (c *Cache[V]) Drop(key string, v V) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e := c.byKey[key]; e != nil && e.Value.(*entry[V]).v == v {
		c.remove(e)
	}
}

// evict lets the least recently used values go while the cache is over its
// budget, keeping the one used last and the pinned ones. The caller holds
// c.mu.
func (c *Cache[V]) evict() {
	for e := c.order.Back(); c.used > c.budget && e != nil && e != c.order.Front(); {
		prev := e.Prev()
		if e.Value.(*entry[V]).pins == 0 {
			c.remove(e)
			c.evicted++
			if c.OnEvict != nil {
				c.OnEvict(e.Value.(*entry[V]).v)
			}
		}
		e = prev
	}
}

func (c *Cache[V]) remove(e *list.Element) {
	en := c.order.Remove(e).(*entry[V])
	delete(c.byKey, en.key)
	c.used -= en.size
}

// Usage returns how many values the cache holds, their measured bytes, and
// how many it has let go to keep within its budget.
func (c *Cache[V]) Usage() (values int, bytes, evicted int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.order.Len(), c.used, c.evicted
}
