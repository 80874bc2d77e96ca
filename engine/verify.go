package engine

import (
	"fmt"
	"slices"

	"google.golang.org/protobuf/proto"
)

// Recorded is an event as read back from a log, with its sequence number.
type Recorded struct {
	Seq   int64
	Event Event
}

// Logged is an accepted command as read back from a log: who sent it and the
// range of sequence numbers of the events it wrote.
type Logged struct {
	Seat     Seat
	Command  proto.Message
	FirstSeq int64
	LastSeq  int64
}

// VerifyError says where a log departs from what its seed and commands give.
type VerifyError struct {
	Seq    int64
	Reason string
	// Rules, when the game was recorded under another rules version than
	// the rules it was re-run under, names both (see [Module.RulesNote]): the
	// likely cause of the departure.
	Rules string
	// Recorded is the event the log holds at Seq, and Replayed the one the
	// seed and the commands give there; either is nil when there is none
	// (a command refused on replay, or one that wrote fewer events than
	// replay gives, or more).
	Recorded, Replayed *Event
}

// Error names the event and the departure, and the rules versions when
// they differ.
func (e *VerifyError) Error() string {
	if e.Rules != "" {
		return fmt.Sprintf("verify: event %d: %s: %s", e.Seq, e.Rules, e.Reason)
	}
	return fmt.Sprintf("verify: event %d: %s", e.Seq, e.Reason)
}

// Verify re-runs a game from its seed and command log and checks that every
// recorded game event is exactly what the rules and the seed give: the
// setup's deals and shuffles, and every command's rolls and consequences.
// events holds the game's own events in sequence order (table talk
// excluded); commands holds the accepted commands in order. When
// cfg.RulesVersion differs from the version m plays, a departure says so
// (VerifyError.Rules).
func Verify(m Module, cfg Config, seed []byte, commands []Logged, events []Recorded) error {
	err := verify(m.Rules, cfg, seed, commands, events)
	if ve, ok := err.(*VerifyError); ok {
		ve.Rules = m.RulesNote(cfg.RulesVersion)
	}
	return err
}

func verify(r Rules, cfg Config, seed []byte, commands []Logged, events []Recorded) error {
	g, setup, err := Start(r, cfg, seed)
	if err != nil {
		return &VerifyError{Seq: 1, Reason: "setup refused: " + err.Error()}
	}
	next := 0
	take := func(first int64, want []Event) error {
		for i, ev := range want {
			seq := first + int64(i)
			if next >= len(events) {
				return &VerifyError{Seq: seq, Reason: "missing from the log", Replayed: &ev}
			}
			got := events[next]
			if got.Seq != seq {
				return &VerifyError{Seq: seq, Reason: fmt.Sprintf("log has event %d where %d was expected", got.Seq, seq), Replayed: &ev}
			}
			if !EqualEvents(got.Event, ev) {
				return &VerifyError{Seq: seq, Reason: "recorded event differs from what the seed and commands give", Recorded: &got.Event, Replayed: &ev}
			}
			next++
		}
		return nil
	}
	if err := take(1, setup); err != nil {
		return err
	}
	for _, c := range commands {
		if c.FirstSeq <= g.Version {
			return &VerifyError{Seq: c.FirstSeq, Reason: "command log out of order"}
		}
		g.Version = c.FirstSeq - 1 // past entries that are not the game's, if any
		evs, after, err := g.Decide(c.Seat, c.Command)
		if err != nil {
			return &VerifyError{Seq: c.FirstSeq, Reason: "logged command is refused on replay: " + err.Error(), Recorded: recordedAt(events, next, c.FirstSeq)}
		}
		first := firstInRange(events, next, c)
		wrote := countInRange(events, next, c)
		if err := take(first, evs[:min(len(evs), wrote)]); err != nil {
			return err
		}
		if wrote != len(evs) {
			return countError(c, first, wrote, evs, events, next)
		}
		g = after
	}
	if next < len(events) {
		return &VerifyError{Seq: events[next].Seq, Reason: "no command in the log wrote this event", Recorded: &events[next].Event}
	}
	return nil
}

// firstInRange is the seq of the first of a command's game events: the
// first event recorded in its range, from events[next] on. A host may
// record its own events in a command's range (a turn timer's notice
// before the command's events, the next deadlines after them), which the
// events given to Verify leave out; with none recorded, it is the range's
// start.
func firstInRange(events []Recorded, next int, c Logged) int64 {
	if next < len(events) && events[next].Seq >= c.FirstSeq && events[next].Seq <= c.LastSeq {
		return events[next].Seq
	}
	return c.FirstSeq
}

// countInRange counts the game events recorded in a command's range, from
// events[next] on.
func countInRange(events []Recorded, next int, c Logged) int {
	n := 0
	for i := next; i < len(events) && events[i].Seq <= c.LastSeq; i++ {
		if events[i].Seq >= c.FirstSeq {
			n++
		}
	}
	return n
}

// countError reports a command that wrote another number of events than
// replay gives, at the first event that only one of them has; the events
// both have are equal.
func countError(c Logged, first int64, wrote int, evs []Event, events []Recorded, next int) *VerifyError {
	e := &VerifyError{Seq: first + int64(min(wrote, len(evs))),
		Reason: fmt.Sprintf("command wrote %d events, replay gives %d", wrote, len(evs))}
	if len(evs) > wrote {
		e.Replayed = &evs[wrote]
	} else {
		e.Recorded = recordedAt(events, next, e.Seq)
	}
	return e
}

// recordedAt returns the recorded event at seq, looking from events[next]
// on, or nil.
func recordedAt(events []Recorded, next int, seq int64) *Event {
	if next < len(events) && events[next].Seq == seq {
		return &events[next].Event
	}
	return nil
}

// EqualEvents reports whether two events have equal bodies with the same
// visibility.
func EqualEvents(a, b Event) bool {
	if !equalBody(a.Public, b.Public) || len(a.Private) != len(b.Private) {
		return false
	}
	for i := range a.Private {
		if !slices.Equal(a.Private[i].Seats, b.Private[i].Seats) || !equalBody(a.Private[i].Body, b.Private[i].Body) {
			return false
		}
	}
	return true
}

func equalBody(a, b proto.Message) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return proto.Equal(a, b)
}
