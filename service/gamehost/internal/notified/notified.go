// Package notified holds the events the store's notifications carried for
// a game the host keeps, until the game catches up with them.
package notified

import (
	"slices"
	"sync"

	"github.com/moonshine-games/moonshine/service/eventstore"
)

// maxNotified bounds the events a game keeps from the store's
// notifications until it next catches up: a game nobody reads does not
// gather another process's whole game; past it, the catch-up reads the
// log.
const maxNotified = 256

// Events holds the events the store's notifications carried for a game
// (eventstore.Change.Events: another process's appends, told by
// PostgreSQL's notifications) since it last caught up, so that the
// catch-up folds them instead of reading the log when they lead from
// where the game stands to the last version the store told of. Anything
// else (a change without events, a gap, a change of unknown extent, the
// game's own failed append) leaves the catch-up to the read.
type Events struct {
	mu      sync.Mutex
	events  []eventstore.Event // in seq order without gaps
	told    int64              // the highest version the store told of
	unknown bool               // told of a change it could not say the extent of
}

// Tell notes a change of the game past its version.
func (c *Events) Tell(ch eventstore.Change) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.told = max(c.told, ch.Version)
	evs := ch.Events
	if len(evs) == 0 || evs[len(evs)-1].Seq != ch.Version {
		return // the told version cannot be reached from the events held
	}
	if n := len(c.events); n > 0 {
		last := c.events[n-1].Seq
		switch {
		case ch.Version <= last:
			return // told already
		case evs[0].Seq <= last+1: // they follow on (the change's slice is shared: copy)
			evs = append(slices.Clip(c.events), evs[last+1-evs[0].Seq:]...)
		}
	}
	if len(evs) > maxNotified {
		evs = nil
	}
	c.events = evs
}

// Forget makes the next catch-up read the log.
func (c *Events) Forget() {
	c.mu.Lock()
	c.unknown = true
	c.events = nil
	c.mu.Unlock()
}

// Take returns the events after version that bring a game standing at
// version to the last version the store told of (none when it is there
// already), and ok; or !ok when the catch-up must read the log. Either
// way what is held is given up: the catch-up covers it.
func (c *Events) Take(version int64) (evs []eventstore.Event, ok bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	evs, unknown := c.events, c.unknown
	c.events, c.unknown = nil, false
	switch {
	case unknown:
		return nil, false
	case c.told <= version:
		return nil, true
	case len(evs) == 0 || evs[0].Seq > version+1 || evs[len(evs)-1].Seq < c.told:
		return nil, false
	}
	return evs[version+1-evs[0].Seq:], true
}
