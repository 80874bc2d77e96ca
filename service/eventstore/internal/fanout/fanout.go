// Package fanout delivers in-process wake-ups to the subscribers of a game
// stream and changes to the store's listeners. Every store uses it behind
// Store.Subscribe and Store.OnChange: memstore and sqlitestore publish
// after each commit, pgstore after its own commits and from its one LISTEN
// connection.
package fanout

import (
	"context"
	"sync"

	"github.com/moonshine-games/moonshine/service/eventstore"
)

// Hub holds the subscribers of every game and the listeners of every
// change. The zero value is not usable; call New.
type Hub struct {
	mu        sync.Mutex
	subs      map[string]map[*sub]struct{}
	listeners map[*listener]struct{}
	closed    bool
}

type listener struct{ f func(eventstore.Change) }

type sub struct {
	ch   chan struct{}
	once sync.Once
}

func (s *sub) close() { s.once.Do(func() { close(s.ch) }) }

// New returns an empty hub.
func New() *Hub {
	return &Hub{subs: make(map[string]map[*sub]struct{}), listeners: make(map[*listener]struct{})}
}

// Subscribe returns a channel that receives a value after each Notify of
// gameID (coalesced: the channel buffers one wake-up) and is closed when ctx
// ends or the hub is closed.
func (h *Hub) Subscribe(ctx context.Context, gameID string) <-chan struct{} {
	s := &sub{ch: make(chan struct{}, 1)}
	h.mu.Lock()
	if h.closed {
		h.mu.Unlock()
		s.close()
		return s.ch
	}
	m := h.subs[gameID]
	if m == nil {
		m = make(map[*sub]struct{})
		h.subs[gameID] = m
	}
	m[s] = struct{}{}
	h.mu.Unlock()

	context.AfterFunc(ctx, func() {
		h.mu.Lock()
		if m := h.subs[gameID]; m != nil {
			delete(m, s)
			if len(m) == 0 {
				delete(h.subs, gameID)
			}
		}
		h.mu.Unlock()
		s.close()
	})
	return s.ch
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

// Publish tells the listeners of a change and wakes the subscribers of its
// game (of every game, for a change with no GameID) without blocking.
func (h *Hub) Publish(c eventstore.Change) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for l := range h.listeners {
		l.f(c)
	}
	if c.GameID != "" {
		for s := range h.subs[c.GameID] {
			wake(s)
		}
		return
	}
	for _, m := range h.subs {
		for s := range m {
			wake(s)
		}
	}
}

// Notify wakes every subscriber of gameID, and tells the listeners that
// something of it may have moved.
func (h *Hub) Notify(gameID string) { h.Publish(eventstore.Change{GameID: gameID}) }

// NotifyAll wakes every subscriber of every game and tells the listeners
// that any game may have moved, e.g. after a lost notification connection,
// so they re-read.
func (h *Hub) NotifyAll() { h.Publish(eventstore.Change{}) }

// Len returns the number of games with subscribers.
func (h *Hub) Len() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.subs)
}

// Listening reports whether anyone listens to changes.
func (h *Hub) Listening() bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.listeners) > 0
}

// Close closes every subscriber's channel; later subscriptions get a closed
// channel.
func (h *Hub) Close() {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.closed = true
	for id, m := range h.subs {
		for s := range m {
			s.close()
		}
		delete(h.subs, id)
	}
}

// wake must be called with h.mu held: channels are closed only under it.
func wake(s *sub) {
	select {
	case s.ch <- struct{}{}:
	default:
	}
}
