package gamehost

import (
	"context"
	"fmt"

	"github.com/moonshine-games/moonshine/engine"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/eventstore"
	"github.com/moonshine-games/moonshine/service/turnclock"
	"google.golang.org/protobuf/proto"
)

// PlatformPrefix starts the command ids of the commands the platform plays
// for a seat (a timeout's default, a taken-over seat's bot); clients may
// not use it.
const PlatformPrefix = "timer:"

// PlatformMove is what the timer driver appends to a game at the version
// it looked at: table events (a timeout, a takeover), then a command the
// platform plays for a seat (none: the clocks alone move, as when a table
// fills up), then the clocks that move with them.
type PlatformMove struct {
	// At is the version the move was decided at: a game that moved since
	// refuses it with a version conflict.
	At     int64
	Before []*moonshinev1.TableEvent
	// Seat is the seat Command is played for; Command is the game's own
	// command (nil: none).
	Seat    engine.Seat
	Command proto.Message
	// Turn is what moves the clocks.
	Turn turnclock.Turn
}

// AppendPlatform appends m to the game. It returns a version conflict
// when the game is no longer at m.At (here or in another process, which
// may have played the same move), and nothing when m moves nothing.
func (h *Host) AppendPlatform(ctx context.Context, g *Game, m PlatformMove) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.folded.Version != m.At {
		return &eventstore.VersionConflictError{GameID: g.record.ID, ExpectedVersion: m.At, ActualVersion: g.folded.Version}
	}
	p := proposal{at: m.At, before: m.Before, turn: &m.Turn}
	if m.Command != nil {
		var err error
		if p.events, p.next, err = g.folded.Decide(m.Seat, m.Command); err != nil {
			return &PlatformRefusedError{Seat: m.Seat, Err: err}
		}
		data, err := proto.Marshal(g.module.WrapCommand(m.Command))
		if err != nil {
			return err
		}
		p.command = &eventstore.Command{GameID: g.record.ID, ID: fmt.Sprintf("%s%d:%d", PlatformPrefix, m.At+1, m.Seat), Seat: int(m.Seat), Data: data}
	}
	a, err := h.append(ctx, g, p)
	if err == nil && a.res.Duplicate { // another instance played it under the same id
		err = &eventstore.VersionConflictError{GameID: g.record.ID, ExpectedVersion: m.At, ActualVersion: a.res.LastSeq}
	}
	return err
}
