package engine

import "google.golang.org/protobuf/proto"

// Turns is what the precheck reads of a game's state: the table size,
// whether the game is over, and whom it waits for. C is the game's Command
// message type.
type Turns[C proto.Message] interface {
	// PlayerCount is the number of seats; 0 before setup.
	PlayerCount() int
	// Outcome is the result once the game is over, nil before.
	Outcome() *Outcome
	// Awaits returns nil when the game waits for seat to send a command of
	// cmd's kind now, else the refusal: [RefuseTurn] when it waits for
	// another seat, or the game's own reason when the command belongs to
	// another phase or step. It judges who and when, never the command's
	// content: the rule does that.
	Awaits(seat Seat, cmd C) *RuleError
}

// Decidable is a game state a [Decider] works on: a [State], which folds
// and copies itself, that says whom it waits for ([Turns]). A decision on
// a state of type S (the state's own pointer type, *State) holds its copy
// as an S: the game's Clone returns an S.
type Decidable[C proto.Message] interface {
	State
	Turns[C]
}

// Rule is a game's rule for one prechecked command: it reads d.State(),
// refuses with a *RuleError, returns nil at d.Checking() once the command
// is checked, and emits the command's events.
type Rule[S State, C proto.Message] func(d *Decision[S], seat Seat, cmd C) *RuleError

// Decider is how a game on the kit decides: one precheck, then the game's
// Rule on a [Decision]. State.Decide is Decider.Decide; a prompt's legal
// list keeps the candidates Decider.Accepts, which runs the same precheck
// and the same Rule as a check, so that what is offered is what Decide
// accepts.
type Decider[S Decidable[C], C proto.Message] struct {
	// Game names the game in refusals ("Booze Barons").
	Game string
	// Rule decides a prechecked command.
	Rule Rule[S, C]
}

// Precheck runs the checks every game makes before its rule looks at a
// command, in this order: the game is set up, it is not over, the command
// is the game's own (a C with its kind set), the seat is at the table, and
// the game awaits this seat and this kind of command. [Start] checks the
// table size; these two are the only places the shared checks are made.
func (k Decider[S, C]) Precheck(s S, seat Seat, cmd proto.Message) (C, *RuleError) {
	var zero C
	if s.PlayerCount() == 0 {
		return zero, Refuse(ReasonNothingToDecide, "the game has not been set up")
	}
	if s.Outcome() != nil {
		return zero, ErrGameOver
	}
	c, ok := cmd.(C)
	if !ok || !kindSet(c) {
		return zero, Malform(ReasonUnknownCommand, "not a %s command: %T", k.Game, cmd)
	}
	if int(seat) < 0 || int(seat) >= s.PlayerCount() {
		return zero, Malform(ReasonBadSeat, "%v is not at this table", seat)
	}
	if err := s.Awaits(seat, c); err != nil {
		return zero, err
	}
	return c, nil
}

// Decide prechecks cmd and runs the rule on a copy of s: the events and
// the copy they leave (each applied once, as it was emitted), a
// *RuleError, or an internal error when the rules built an event that
// does not apply. s is unchanged.
func (k Decider[S, C]) Decide(s S, seat Seat, cmd proto.Message, rng *Rand) ([]Event, State, error) {
	c, refused := k.Precheck(s, seat, cmd)
	if refused != nil {
		return nil, nil, refused
	}
	d := NewDecision(s, rng)
	evs, err := d.Done(k.Rule(d, seat, c))
	if err != nil {
		return nil, nil, err
	}
	return evs, d.State(), nil
}

// DecideInPlace is Decide on s itself: the precheck, then the rule on a
// decision that applies its events to s ([NewInPlace]). A rule refuses
// before its first event, so a refusal leaves s as it was. It is the step
// of a search's playouts, which own the state they play on.
func (k Decider[S, C]) DecideInPlace(s S, seat Seat, cmd proto.Message, rng *Rand) ([]Event, error) {
	c, err := k.Precheck(s, seat, cmd)
	if err != nil {
		return nil, err
	}
	d := NewInPlace(s, rng)
	return d.Done(k.Rule(d, seat, c))
}

// Accepts reports whether Decide would accept cmd, by the precheck and a
// check of the rule: no copy of s, no events.
func (k Decider[S, C]) Accepts(s S, seat Seat, cmd proto.Message) bool {
	return k.check(NewCheck(s), seat, cmd)
}

// Legal keeps the candidates Decide would accept from seat, in their
// order: Accepts for each, with one check decision for them all (a
// prompt's legal list checks dozens).
func (k Decider[S, C]) Legal(s S, seat Seat, cands []C) []proto.Message {
	var out []proto.Message
	d := NewCheck(s)
	for _, cmd := range cands {
		if k.check(d, seat, cmd) {
			out = append(out, cmd)
		}
	}
	return out
}

// check runs the precheck and the rule for cmd on d, a check decision,
// cleared first so that it serves one command after another.
func (k Decider[S, C]) check(d *Decision[S], seat Seat, cmd proto.Message) bool {
	c, err := k.Precheck(d.state, seat, cmd)
	if err != nil {
		return false
	}
	*d = Decision[S]{state: d.state, check: true}
	_, derr := d.Done(k.Rule(d, seat, c))
	return derr == nil
}

// kindSet reports whether every oneof of m (a game's Command has one, its
// kind) holds a value; a nil message holds none.
func kindSet(m proto.Message) bool {
	if w, ok := m.(interface{ KindSet() bool }); ok {
		return w.KindSet() // generated (cmd/protoc-gen-moonshine-kinds)
	}
	r := m.ProtoReflect()
	if !r.IsValid() {
		return false
	}
	oneofs := r.Descriptor().Oneofs()
	for i := range oneofs.Len() {
		if o := oneofs.Get(i); !o.IsSynthetic() && r.WhichOneof(o) == nil {
			return false
		}
	}
	return true
}
