package engine

import (
	"fmt"
	"slices"
	"strings"

	"google.golang.org/protobuf/proto"
)

// Chain is what one event does to the takeback chain: whether the command
// that wrote it may still be taken back, and on whose word.
type Chain int

const (
	// ChainKeeps: the event reveals no hidden fact and draws nothing: a
	// command of such events alone may be taken back by its seat, while no
	// other seat has acted since.
	ChainKeeps Chain = iota
	// ChainDraws: a die was rolled or a deck shuffled or dealt: the
	// command may be taken back only with every other seat's consent (a
	// new decision draws anew).
	ChainDraws
	// ChainReveals: a hidden fact was shown to someone (a card drawn into
	// a hand, a sealed choice revealed, a card turned face up): the
	// command is never taken back, nor any before it.
	ChainReveals
)

// KindChain is a game's takeback declaration ([Module.Takebacks]): the
// chain of an event by the kind of its bodies (the field set in each
// body's oneof, by name), the strongest of them. A body of a kind not
// named keeps the chain when it is public and reveals when it is private
// (a private body tells a seat what the others do not know), unless the
// kind is named in Own: a seat's own sealed choice, which tells it
// nothing. A nil declaration has every event reveal: the game's commands
// are never taken back.
type KindChain struct {
	Draws, Reveals, Own map[string]bool
}

// Chain says what ev does to the takeback chain; it reads the event alone.
func (k *KindChain) Chain(ev Event) Chain {
	if k == nil {
		return ChainReveals
	}
	out := ChainKeeps
	note := func(body proto.Message, private bool) {
		name := kindField(body)
		switch {
		case k.Reveals[name]:
			out = max(out, ChainReveals)
		case private && !k.Own[name]:
			out = max(out, ChainReveals)
		case k.Draws[name]:
			out = max(out, ChainDraws)
		}
	}
	if ev.Public != nil {
		note(ev.Public, false)
	}
	for _, s := range ev.Private {
		note(s.Body, true)
	}
	return out
}

// check reports a kind the declaration names that is not a kind of the
// game's Event message (a misspelt kind would keep the chain).
func (k *KindChain) check(event proto.Message) error {
	oneofs := event.ProtoReflect().Descriptor().Oneofs()
	known := map[string]bool{}
	for i := range oneofs.Len() {
		fields := oneofs.Get(i).Fields()
		for j := range fields.Len() {
			known[string(fields.Get(j).Name())] = true
		}
	}
	var unknown []string
	for _, set := range []map[string]bool{k.Draws, k.Reveals, k.Own} {
		for name := range set {
			if !known[name] {
				unknown = append(unknown, name)
			}
		}
	}
	if len(unknown) > 0 {
		slices.Sort(unknown)
		return fmt.Errorf("the takeback declaration names kinds %s has not: %s", event.ProtoReflect().Descriptor().FullName(), strings.Join(unknown, ", "))
	}
	return nil
}

// KindSet returns a set of kind names, for a [KindChain].
func KindSet(names ...string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}

// kindField names the field set in a body's oneof ("" when none).
func kindField(body proto.Message) string {
	r := body.ProtoReflect()
	if !r.IsValid() {
		return ""
	}
	oneofs := r.Descriptor().Oneofs()
	for i := range oneofs.Len() {
		if fd := r.WhichOneof(oneofs.Get(i)); fd != nil {
			return string(fd.Name())
		}
	}
	return ""
}

// Reasons of takeback refusals.
const (
	// ReasonTakebackNothing: the seat has no command left to take back.
	ReasonTakebackNothing = "TAKEBACK_NOTHING"
	// ReasonTakebackAfterReveal: a hidden fact was revealed by the command
	// or after it: never taken back.
	ReasonTakebackAfterReveal = "TAKEBACK_AFTER_REVEAL"
	// ReasonTakebackAfterRoll: a die or a shuffle was drawn by the command
	// or after it: every other seat must consent.
	ReasonTakebackAfterRoll = "TAKEBACK_AFTER_ROLL"
	// ReasonTakebackAfterOthers: another seat has acted since: every
	// other seat must consent.
	ReasonTakebackAfterOthers = "TAKEBACK_AFTER_OTHER_SEAT"
	// ReasonTakebackGameOver: the game is over.
	ReasonTakebackGameOver = "TAKEBACK_GAME_OVER"
)

// Move is one command still standing in a game (neither taken back nor
// undone with another): its seat and the events it wrote.
type Move struct {
	Seat   Seat
	Events []Event
}

// Takeback is the policy's answer to a seat asking to take back its last
// command: From indexes that command in the moves; every move from it on
// is undone. Consent is empty when the seat may take it back alone, else
// the reason every other seat must consent (TAKEBACK_AFTER_ROLL or
// TAKEBACK_AFTER_OTHER_SEAT).
type Takeback struct {
	From    int
	Consent string
}

// TakebackPolicy applies the policy to the standing moves (oldest first)
// for seat, by m's declaration (Takebacks): "a seat may ask to take back its last command when no hidden
// fact was revealed and no die or shuffle was drawn by it or after it, and
// no other seat has acted since; otherwise all seats must consent, and
// never across a reveal of hidden information." It refuses with
// TAKEBACK_NOTHING or TAKEBACK_AFTER_REVEAL.
func TakebackPolicy(m Module, seat Seat, moves []Move) (Takeback, *RuleError) {
	from := -1
	for i := len(moves) - 1; i >= 0; i-- {
		if moves[i].Seat == seat {
			from = i
			break
		}
	}
	if from < 0 {
		return Takeback{}, Refuse(ReasonTakebackNothing, "%v has no command to take back", seat)
	}
	tb := Takeback{From: from}
	for _, mv := range moves[from:] {
		for _, ev := range mv.Events {
			switch m.Takebacks.Chain(ev) {
			case ChainReveals:
				return Takeback{}, Refuse(ReasonTakebackAfterReveal, "a hidden fact was revealed since: the command stands")
			case ChainDraws:
				tb.Consent = ReasonTakebackAfterRoll
			}
		}
		if mv.Seat != seat && tb.Consent == "" {
			tb.Consent = ReasonTakebackAfterOthers
		}
	}
	return tb, nil
}
