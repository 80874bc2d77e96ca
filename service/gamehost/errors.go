package gamehost

import (
	"errors"
	"fmt"

	"github.com/moonshine-games/moonshine/engine"
)

// The host's refusals. The RPC handlers map them to gRPC status, with the
// engine's rule errors and the store's, in one place.
var (
	// ErrNoGameID: a request named no game.
	ErrNoGameID = errors.New("gamehost: no game id")
	// ErrCancelled: the game was cancelled before the start.
	ErrCancelled = errors.New("gamehost: the game was cancelled before the start")
	// ErrTableFull: every seat is taken.
	ErrTableFull = errors.New("gamehost: every seat is taken")
)

// NotReachedError refuses a read that needs a version the game's log has
// not reached.
type NotReachedError struct{ Need, Version int64 }

func (e *NotReachedError) Error() string {
	return fmt.Sprintf("the game is at version %d, not %d", e.Version, e.Need)
}

// CommandIDReusedError refuses a command under an id its seat used for
// another command.
type CommandIDReusedError struct{ ID string }

func (e *CommandIDReusedError) Error() string {
	return fmt.Sprintf("command id %q was used for another command", e.ID)
}

// TakenOverError refuses a client's command for a seat the server's bot
// plays for the rest of the game (it timed out too often).
type TakenOverError struct{ Seat engine.Seat }

func (e *TakenOverError) Error() string {
	return fmt.Sprintf("%s was abandoned: the server's bot plays it for the rest of the game", e.Seat)
}

// PlatformRefusedError is a move of the timers that the rules refused.
type PlatformRefusedError struct {
	Seat engine.Seat
	Err  error
}

func (e *PlatformRefusedError) Error() string {
	return fmt.Sprintf("the platform's command for %s is refused: %v", e.Seat, e.Err)
}

func (e *PlatformRefusedError) Unwrap() error { return e.Err }
