package engine

import (
	"errors"
	"fmt"

	"google.golang.org/protobuf/proto"
)

// ErrorKind classifies a refused command. service/ maps each kind to one gRPC
// status code.
type ErrorKind int

const (
	// Illegal: the command is well formed but the rules forbid it now
	// (gRPC FailedPrecondition).
	Illegal ErrorKind = iota
	// Malformed: the command cannot mean anything in this game: a missing
	// field, an unknown card, a seat out of range (gRPC InvalidArgument).
	Malformed
	// NotYourTurn: the rules wait for another seat (gRPC FailedPrecondition,
	// reason NOT_YOUR_TURN unless the game gives a finer one).
	NotYourTurn
	// GameOver: the game has ended and accepts no more commands
	// (gRPC FailedPrecondition).
	GameOver
)

// RuleError is a refusal by the rules. Reason is a stable UPPER_SNAKE_CASE
// code that clients may switch on (it appears in google.rpc.ErrorInfo);
// Message is for people and may change.
type RuleError struct {
	Kind    ErrorKind
	Reason  string
	Message string
}

// Error returns the reason and the message.
func (e *RuleError) Error() string { return e.Reason + ": " + e.Message }

// Refuse returns an Illegal rule error.
func Refuse(reason, format string, args ...any) *RuleError {
	return &RuleError{Kind: Illegal, Reason: reason, Message: fmt.Sprintf(format, args...)}
}

// Malform returns a Malformed rule error.
func Malform(reason, format string, args ...any) *RuleError {
	return &RuleError{Kind: Malformed, Reason: reason, Message: fmt.Sprintf(format, args...)}
}

// Reason codes shared by every game.
const (
	ReasonNotYourTurn     = "NOT_YOUR_TURN"
	ReasonGameOver        = "GAME_OVER"
	ReasonUnknownCommand  = "UNKNOWN_COMMAND"
	ReasonBadSeat         = "BAD_SEAT"
	ReasonBadPlayerCount  = "BAD_PLAYER_COUNT"
	ReasonBadOptions      = "BAD_OPTIONS"
	ReasonNothingToDecide = "NOTHING_TO_DECIDE"
	// ReasonAlreadyChosen: a sealed choice cannot be changed ([Sealed]).
	ReasonAlreadyChosen = "ALREADY_CHOSEN"
	// ReasonBadVariant: the module has no variant of that name ([Module]).
	ReasonBadVariant = "BAD_VARIANT"
)

// RefuseTurn returns the error for a seat that acts while the game waits
// for someone else.
func RefuseTurn(format string, args ...any) *RuleError {
	return &RuleError{Kind: NotYourTurn, Reason: ReasonNotYourTurn, Message: fmt.Sprintf(format, args...)}
}

// ErrGameOver is returned for any command after the game has ended.
var ErrGameOver = &RuleError{Kind: GameOver, Reason: ReasonGameOver, Message: "the game is over"}

// AsRuleError unwraps err into a *RuleError if it is one.
func AsRuleError(err error) (*RuleError, bool) {
	var re *RuleError
	ok := errors.As(err, &re)
	return re, ok
}

// ErrUnknownEvent is wrapped by the error a game's Apply returns for an
// event body of a kind it does not fold. Apply's one switch over the kinds
// ends in a default case that returns [UnknownEvent]: an unknown event is
// an error, never skipped. playtest.CheckApplyCoversKinds checks that no
// kind of the game's Event oneof reaches that case.
var ErrUnknownEvent = errors.New("engine: unknown event kind")

// UnknownEvent returns the error for a body whose kind Apply does not fold.
func UnknownEvent(body proto.Message) error {
	return fmt.Errorf("%w: %s", ErrUnknownEvent, kindName(body))
}

// kindName names the kind a body holds: the field set in its oneof, or the
// message type when none is set.
func kindName(body proto.Message) string {
	r := body.ProtoReflect()
	name := string(r.Descriptor().FullName())
	if !r.IsValid() {
		return name + " (nil)"
	}
	oneofs := r.Descriptor().Oneofs()
	for i := range oneofs.Len() {
		if fd := r.WhichOneof(oneofs.Get(i)); fd != nil {
			return name + "." + string(fd.Name())
		}
	}
	return name + " (no kind)"
}
