package gameservice

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/moonshine-games/moonshine/service/eventstore"
)

// Clock tells the time to the turn timers: the service reads it when a
// decision opens and waits on it for deadlines. Tests pass a fake one
// that they move by hand.
type Clock interface {
	// Now returns the current time.
	Now() time.Time
	// Until returns a channel that receives once the time is at or past
	// at (at once if it is already).
	Until(at time.Time) <-chan time.Time
}

// systemClock is the wall clock.
type systemClock struct{}

func (systemClock) Now() time.Time                      { return time.Now() }
func (systemClock) Until(at time.Time) <-chan time.Time { return time.After(time.Until(at)) }

// DefaultTimerPoll is how often a server asks the store for deadlines due
// that it does not hold in memory (Options.TimerPoll): those of games
// another instance set, or set before this one started.
const DefaultTimerPoll = time.Second

// timerDuePage bounds the due games one poll of the store takes.
const timerDuePage = 100

// timerDriver fires the turn timers. It knows the deadlines of the tables
// this process appended to or folded, and polls the store (DueGames,
// an indexed read of each game's pending deadline) for every other, at
// start and then every poll: so a deadline that passed while no server ran
// fires as soon as one starts, and one set by another instance fires even
// if that instance is gone. Several instances may try the same timeout:
// the append's compare-and-set lets one through, and the others, refused
// with a version conflict, catch up and find nothing due.
type timerDriver struct {
	s      *Service
	clock  Clock
	poll   time.Duration
	ctx    context.Context
	cancel context.CancelFunc
	done   chan struct{}
	mu     sync.Mutex
	due    map[string]time.Time // by game: when its timers need the platform
	wake   chan struct{}
}

// startTimers makes s's timer driver (s.timers) and starts it.
func startTimers(s *Service, clock Clock, poll time.Duration) {
	if clock == nil {
		clock = systemClock{}
	}
	if poll <= 0 {
		poll = DefaultTimerPoll
	}
	ctx, cancel := context.WithCancel(context.Background())
	d := &timerDriver{s: s, clock: clock, poll: poll, ctx: ctx, cancel: cancel, done: make(chan struct{}),
		due: map[string]time.Time{}, wake: make(chan struct{}, 1)}
	s.timers = d
	go d.loop()
}

// stop ends the driver and waits for it.
func (d *timerDriver) stop() {
	d.cancel()
	<-d.done
}

// note records when a game's timers next need the platform (zero: never,
// for now) and wakes the driver if that is sooner than it waits for.
func (d *timerDriver) note(id string, at time.Time) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if at.IsZero() {
		delete(d.due, id)
		return
	}
	d.due[id] = at
	select {
	case d.wake <- struct{}{}:
	default:
	}
}

// loop polls the store, fires what is due and waits for the next deadline,
// the next poll or a note, until the driver stops.
func (d *timerDriver) loop() {
	defer close(d.done)
	var nextPoll time.Time // zero: poll at once
	for d.ctx.Err() == nil {
		now := d.clock.Now()
		if !now.Before(nextPoll) {
			nextPoll = now.Add(d.poll)
			if d.pollStore(now.Add(d.poll)) {
				nextPoll = now // a full page: more are due
			}
		}
		for _, id := range d.takeDue(now) {
			d.fire(id)
		}
		until := nextPoll
		if at, ok := d.earliest(); ok && at.Before(until) {
			until = at
		}
		if !until.After(now) {
			continue
		}
		select {
		case <-d.ctx.Done():
		case <-d.wake:
		case <-d.clock.Until(until):
		}
	}
}

// pollStore notes the games whose deadlines are due by until; full
// reports a full page.
func (d *timerDriver) pollStore(until time.Time) (full bool) {
	games, err := d.s.store.DueGames(d.ctx, until, timerDuePage)
	if err != nil {
		if d.ctx.Err() == nil {
			d.s.log.Warn("timers: listing the games due", "err", err)
		}
		return false
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	for _, g := range games {
		if at, ok := d.due[g.GameID]; !ok || g.Deadline.Before(at) {
			d.due[g.GameID] = g.Deadline
		}
	}
	return len(games) == timerDuePage
}

// takeDue removes and returns the games due by now.
func (d *timerDriver) takeDue(now time.Time) []string {
	d.mu.Lock()
	defer d.mu.Unlock()
	var ids []string
	for id, at := range d.due {
		if !at.After(now) {
			ids = append(ids, id)
			delete(d.due, id)
		}
	}
	return ids
}

// earliest returns the earliest deadline noted.
func (d *timerDriver) earliest() (time.Time, bool) {
	d.mu.Lock()
	defer d.mu.Unlock()
	var at time.Time
	for _, t := range d.due {
		if at.IsZero() || t.Before(at) {
			at = t
		}
	}
	return at, !at.IsZero()
}

// fire plays what is due in one game. A race lost to another instance
// is looked at once more, caught up: there is then nothing due, or the
// next deadline, which fire notes. An outage is retried at the next poll
// (the store still holds the deadline).
func (d *timerDriver) fire(id string) {
	for range 2 {
		err := d.s.fireTimers(d.ctx, id)
		switch {
		case err == nil || d.ctx.Err() != nil:
			return
		case eventstore.IsVersionConflict(err):
			continue
		case errors.Is(err, eventstore.ErrUnavailable):
			d.s.log.Warn("timers wait for the store", "game", id, "err", err)
			return
		case errors.Is(err, eventstore.ErrNotFound):
			return
		default:
			d.s.log.Warn("timer stopped", "game", id, "err", err)
			return
		}
	}
}
