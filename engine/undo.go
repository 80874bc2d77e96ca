package engine

import (
	"fmt"
	"math"
	"slices"
)

// Undo is a takeback as a log records it: the event at Seq (the
// platform's, not the game's) undoes the game's events from From to
// Seq-1. The log is never edited: the undone events stay in it, and the
// state is folded as if they had not been applied.
type Undo struct {
	Seq, From int64
}

// undone reports whether the event at seq is undone by an undo recorded
// at or before at.
func undone(undos []Undo, seq, at int64) bool {
	for _, u := range undos {
		if u.Seq <= at && seq >= u.From && seq < u.Seq {
			return true
		}
	}
	return false
}

// Standing returns the events of the game's log (in order) that stand as
// of version at: those no undo recorded at or before at takes back.
func Standing(events []Recorded, undos []Undo, at int64) []Recorded {
	var out []Recorded
	for _, ev := range events {
		if ev.Seq <= at && !undone(undos, ev.Seq, at) {
			out = append(out, ev)
		}
	}
	return out
}

// Refold folds a game as of version at from its log: the game's events
// in order, each at its sequence number, leaving out those the undos
// recorded up to at take back. The game's Version is at, so that its next
// decision draws from the generator of at+1, never the one an undone
// decision drew from.
func Refold(r Rules, seed []byte, events []Recorded, undos []Undo, at int64) (*Game, error) {
	g := NewGame(r, seed)
	for _, ev := range Standing(events, undos, at) {
		if ev.Seq <= g.Version {
			return nil, fmt.Errorf("engine: event %d follows %d", ev.Seq, g.Version)
		}
		g.Version = ev.Seq - 1
		if err := g.Apply(ev.Event); err != nil {
			return nil, err
		}
	}
	g.Version = at
	return g, nil
}

// VerifyUndone is [Verify] for a log with takebacks: every command is
// re-run on the state as it stood when it was decided, its events checked,
// and at each undo the state is folded again without the events taken
// back. An undo that would take back a reveal of hidden information (the
// game's declaration, [Module.Takebacks]) is a departure: no takeback may.
func VerifyUndone(m Module, cfg Config, seed []byte, commands []Logged, events []Recorded, undos []Undo) error {
	if len(undos) == 0 {
		return Verify(m, cfg, seed, commands, events)
	}
	r := m.Rules
	undos = slices.Clone(undos)
	slices.SortFunc(undos, func(a, b Undo) int { return int(a.Seq - b.Seq) })
	for _, u := range undos {
		for _, ev := range Standing(events, undos, u.Seq-1) {
			if ev.Seq >= u.From && m.Takebacks.Chain(ev.Event) == ChainReveals {
				return &VerifyError{Seq: u.Seq, Reason: fmt.Sprintf("the takeback undoes event %d, which revealed hidden information", ev.Seq), Recorded: &ev.Event}
			}
		}
	}
	// Verify each stretch between undos on the state folded as of its
	// start: the commands decided in it, the events they wrote.
	setup := int64(0)
	for _, ev := range events {
		if len(commands) > 0 && ev.Seq >= commands[0].FirstSeq {
			break
		}
		setup = ev.Seq
	}
	if err := Verify(m, cfg, seed, nil, eventsIn(events, 0, setup+1)); err != nil {
		return err
	}
	bounds := append([]int64{setup}, undoSeqs(undos)...)
	for i, from := range bounds {
		to := int64(math.MaxInt64)
		if i+1 < len(bounds) {
			to = bounds[i+1]
		}
		g, err := Refold(r, seed, events, undos, from)
		if err != nil {
			return &VerifyError{Seq: from, Reason: err.Error()}
		}
		if err := verifyFrom(g, commandsIn(commands, from, to), eventsIn(events, from, to)); err != nil {
			return err
		}
	}
	return nil
}

func undoSeqs(undos []Undo) []int64 {
	out := make([]int64, len(undos))
	for i, u := range undos {
		out[i] = u.Seq
	}
	return out
}

// eventsIn returns the events with from < Seq < to.
func eventsIn(events []Recorded, from, to int64) []Recorded {
	var out []Recorded
	for _, ev := range events {
		if ev.Seq > from && ev.Seq < to {
			out = append(out, ev)
		}
	}
	return out
}

// commandsIn returns the commands that wrote events between from and to.
func commandsIn(commands []Logged, from, to int64) []Logged {
	var out []Logged
	for _, c := range commands {
		if c.FirstSeq > from && c.FirstSeq < to {
			out = append(out, c)
		}
	}
	return out
}

// verifyFrom re-runs commands on g and checks that they wrote exactly
// events, in order.
func verifyFrom(g *Game, commands []Logged, events []Recorded) error {
	next := 0
	for _, c := range commands {
		if c.FirstSeq <= g.Version {
			return &VerifyError{Seq: c.FirstSeq, Reason: "command log out of order"}
		}
		g.Version = c.FirstSeq - 1
		evs, after, err := g.Decide(c.Seat, c.Command)
		if err != nil {
			return &VerifyError{Seq: c.FirstSeq, Reason: "logged command is refused on replay: " + err.Error(), Recorded: recordedAt(events, next, c.FirstSeq)}
		}
		first, wrote := firstInRange(events, next, c), countInRange(events, next, c)
		if wrote != len(evs) {
			return countError(c, first, wrote, evs, events, next)
		}
		for i, ev := range evs {
			if !EqualEvents(events[next].Event, ev) {
				return &VerifyError{Seq: events[next].Seq, Reason: "recorded event differs from what the seed and commands give", Recorded: &events[next].Event, Replayed: &evs[i]}
			}
			next++
		}
		g = after
	}
	if next < len(events) {
		return &VerifyError{Seq: events[next].Seq, Reason: "no command in the log wrote this event", Recorded: &events[next].Event}
	}
	return nil
}
