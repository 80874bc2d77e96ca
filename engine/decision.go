package engine

import "fmt"

// Decision builds the events of one decision: the one decision builder of
// every game. A rule reads the state through [Decision.State], refuses with
// a *[RuleError], and emits events with [Decision.Emit]; each event is
// applied at once to the decision's own copy of the state, so that later
// steps of the rule (the end of a turn, of a round, a reveal) read the state
// as the events left it.
//
// A Decision made by [NewCheck] only checks: it works on the state itself,
// makes no copy, and a rule returns nil as soon as it has checked the
// command in full, before its first event:
//
//	if err := s.checkDeliver(seat, id); err != nil {
//		return err
//	}
//	if d.Checking() {
//		return nil // accepted: a check stops before the first event
//	}
//	d.Emit(...)
//
// Prompts use checks for their legal lists, so that what is offered is
// exactly what [State.Decide] accepts, at the cost of the checks alone. A
// rule that emits without asking Checking first is still answered right:
// the check copies the state at the first event and goes on as a decision
// does (it then reads the state only through State).
type Decision[S State] struct {
	state  S
	events []Event
	rng    *Rand
	check  bool
	copied bool // state is the decision's own copy
	err    error
}

// NewDecision starts a decision on a copy of s that draws from rng (the
// generator [State.Decide] was given). The copy is s's Clone, which must
// be an S: a game state's Clone returns its own type.
func NewDecision[S State](s S, rng *Rand) *Decision[S] {
	return &Decision[S]{state: s.Clone().(S), rng: rng, copied: true}
}

// NewInPlace starts a decision that applies its events to s itself, with
// no copy: for a search that owns s (a sampled world it plays forward) and
// needs Decide then Apply at the cost of Apply alone. A rule on the kit
// refuses before its first event, so a refused decision leaves s as it
// was.
func NewInPlace[S State](s S, rng *Rand) *Decision[S] {
	return &Decision[S]{state: s, rng: rng, copied: true}
}

// NewCheck starts a check-only decision on s itself: it answers whether a
// command would be accepted, without a copy of the state and without
// building events.
func NewCheck[S State](s S) *Decision[S] { return &Decision[S]{state: s, check: true} }

// State returns the state as the events emitted so far leave it. In a
// check, before any event, it is the state being decided on, which rules
// only read.
func (d *Decision[S]) State() S { return d.state }

// Checking reports whether d only checks. A rule asks it once its checks
// have passed, and returns nil at once when it is true.
func (d *Decision[S]) Checking() bool { return d.check }

// Rand returns the decision's generator. A check has none until it draws,
// when it gets a fixed all-zero key: its draws decide nothing, and most
// checks stop before drawing.
func (d *Decision[S]) Rand() *Rand {
	if d.rng == nil && d.check {
		d.rng = NewRand([32]byte{})
	}
	return d.rng
}

// Emit appends events and applies each body to the decision's copy of the
// state. A body that does not apply is a bug in the rules: the decision
// keeps the first such error and [Decision.Done] reports it.
func (d *Decision[S]) Emit(evs ...Event) {
	if !d.copied {
		d.state, d.copied = d.state.Clone().(S), true
	}
	for _, ev := range evs {
		for body := range ev.EachBody {
			if err := d.state.Apply(body); err != nil && d.err == nil {
				d.err = err
			}
		}
		d.events = append(d.events, ev)
	}
}

// Emitted returns the events emitted so far. The slice is the decision's
// own: callers must not modify it.
func (d *Decision[S]) Emitted() []Event { return d.events }

// Done ends the decision with the rule's verdict: the refusal when refused
// is non-nil, an internal error when an emitted event did not apply (a bug
// in the rules, never a refusal), else the events (none in a check).
func (d *Decision[S]) Done(refused *RuleError) ([]Event, error) {
	if refused != nil {
		return nil, refused
	}
	if d.err != nil {
		return nil, fmt.Errorf("engine: the rules emitted an event that does not apply: %w", d.err)
	}
	if d.check {
		return nil, nil
	}
	return d.events, nil
}
