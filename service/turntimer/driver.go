package turntimer

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"time"

	"github.com/moonshine-games/moonshine/service/botdriver"
	"github.com/moonshine-games/moonshine/service/eventstore"
	"github.com/moonshine-games/moonshine/service/gamehost"
	"github.com/moonshine-games/moonshine/service/telemetry"
	"github.com/moonshine-games/moonshine/service/turnclock"
)

// DefaultPoll is how often a server asks the store for deadlines due
// that it does not hold in memory (New's poll): those of games
// another instance set, or set before this one started.
const DefaultPoll = time.Second

// duePage bounds the due games one poll of the store takes.
const duePage = 100

// Driver fires the turn timers. It knows the deadlines of the games
// this process appended to or folded, and polls the store (DueGames,
// an indexed read of each game's pending deadline) for every other, at
// start and then every poll: so a deadline that passed while no server ran
// fires as soon as one starts, and one set by another instance fires even
// if that instance is gone. Several instances may try the same timeout:
// the append's compare-and-set lets one through, and the others, refused
// with a version conflict, catch up and find nothing due.
type Driver struct {
	host *gamehost.Host
	bots *botdriver.Driver
	log  *slog.Logger
	tel  *telemetry.Telemetry
	// outage logs the store's outages once each, not at every poll.
	outage telemetry.Outage
	clock  turnclock.Clock
	poll   time.Duration
	ctx    context.Context
	cancel context.CancelFunc
	done   chan struct{}
	mu     sync.Mutex
	due    map[string]time.Time // by game: when its timers need the platform
	wake   chan struct{}
}

// New returns a driver of host's turn timers, which asks bots for the
// decisions of seats taken over, and polls the store every poll (<= 0:
// DefaultPoll); call Start to start it, and Stop to stop it.
func New(host *gamehost.Host, bots *botdriver.Driver, log *slog.Logger, tel *telemetry.Telemetry, poll time.Duration) *Driver {
	if poll <= 0 {
		poll = DefaultPoll
	}
	ctx, cancel := context.WithCancel(context.Background())
	return &Driver{host: host, bots: bots, log: log, tel: tel, clock: host.Clock(), poll: poll, ctx: ctx, cancel: cancel, done: make(chan struct{}),
		due: map[string]time.Time{}, wake: make(chan struct{}, 1)}
}

// Start starts the driver's loop.
func (d *Driver) Start() { go d.loop() }

// Stop ends the driver and waits for it.
func (d *Driver) Stop() {
	d.cancel()
	<-d.done
}

// Note records when a game's timers next need the platform (zero: never,
// for now) and wakes the driver if that is sooner than it waits for.
func (d *Driver) Note(id string, at time.Time) {
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
func (d *Driver) loop() {
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
func (d *Driver) pollStore(until time.Time) (full bool) {
	games, err := d.host.Store().DueGames(d.ctx, until, duePage)
	if err != nil {
		if d.ctx.Err() == nil {
			d.outage.Failed(d.ctx, d.log, "timers: listing the games due", err)
		}
		return false
	}
	d.outage.Succeeded(d.ctx, d.log, "timers: the store answers again")
	d.mu.Lock()
	defer d.mu.Unlock()
	for _, g := range games {
		if at, ok := d.due[g.GameID]; !ok || g.Deadline.Before(at) {
			d.due[g.GameID] = g.Deadline
		}
	}
	return len(games) == duePage
}

// takeDue removes and returns the games due by now.
func (d *Driver) takeDue(now time.Time) []string {
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
func (d *Driver) earliest() (time.Time, bool) {
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
func (d *Driver) fire(id string) {
	for range 2 {
		err := d.Fire(d.ctx, id)
		switch {
		case err == nil || d.ctx.Err() != nil:
			return
		case eventstore.IsVersionConflict(err):
			continue
		case errors.Is(err, eventstore.ErrUnavailable):
			d.outage.Failed(d.ctx, d.log, "timers wait for the store", err)
			return
		case errors.Is(err, eventstore.ErrNotFound):
			return
		default:
			d.log.Warn("timer stopped", "game", id, "err", err)
			return
		}
	}
}
