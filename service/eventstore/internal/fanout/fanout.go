// Package fanout delivers in-process wake-ups to the subscribers of a game
// stream. Every store uses it behind Store.Subscribe: memstore and
// sqlitestore notify it after each commit, pgstore from its one LISTEN
// connection.
package fanout

import (
	"context"
	"sync"
)

// Hub holds the subscribers of every game. The zero value is not usable;
// call New.
type Hub struct {
	mu     sync.Mutex
	subs   map[string]map[*sub]struct{}
	closed bool
}

type sub struct {
	ch   chan struct{}
	once sync.Once
}

func (s *sub) close() { s.once.Do(func() { close(s.ch) }) }

// New returns an empty hub.
func New() *Hub {
	return &Hub{subs: make(map[string]map[*sub]struct{})}
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

// Notify wakes every subscriber of gameID without blocking.
func (h *Hub) Notify(gameID string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for s := range h.subs[gameID] {
		wake(s)
	}
}

// NotifyAll wakes every subscriber of every game, e.g. after a lost
// notification connection, so they re-read.
func (h *Hub) NotifyAll() {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, m := range h.subs {
		for s := range m {
			wake(s)
		}
	}
}

// Len returns the number of games with subscribers.
func (h *Hub) Len() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.subs)
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
