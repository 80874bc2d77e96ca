// Package fanout tells a store's listeners of its changes. Every store
// uses it behind Store.OnChange: memstore and sqlitestore publish after
// each commit, pgstore after its own commits and from its one LISTEN
// connection.
package fanout

import (
	"sync"

	"github.com/moonshine-games/moonshine/service/eventstore"
)

// Hub holds the listeners of every change. The zero value is not usable;
// call New.
type Hub struct {
	mu        sync.Mutex
	listeners map[*listener]struct{}
}

type listener struct{ f func(eventstore.Change) }

// New returns an empty hub.
func New() *Hub {
	return &Hub{listeners: make(map[*listener]struct{})}
}

// Listen has f called with every published change until stop is called.
// f runs on the publisher's goroutine and must not block.
func (h *Hub) Listen(f func(eventstore.Change)) (stop func()) {
	l := &listener{f: f}
	h.mu.Lock()
	h.listeners[l] = struct{}{}
	h.mu.Unlock()
	return func() {
		h.mu.Lock()
		delete(h.listeners, l)
		h.mu.Unlock()
	}
}

// Publish tells the listeners of a change.
func (h *Hub) Publish(c eventstore.Change) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for l := range h.listeners {
		l.f(c)
	}
}

// Notify tells the listeners that something of gameID may have moved.
func (h *Hub) Notify(gameID string) { h.Publish(eventstore.Change{GameID: gameID}) }

// NotifyAll tells the listeners that any game may have moved, e.g. after
// a lost notification connection, so they re-read.
func (h *Hub) NotifyAll() { h.Publish(eventstore.Change{}) }

// Listening reports whether anyone listens to changes.
func (h *Hub) Listening() bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.listeners) > 0
}
