package gameservice

import (
	"context"
	"github.com/moonshine-games/moonshine/service/rpcstatus"
	"github.com/moonshine-games/moonshine/service/telemetry"
	"strings"

	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/auth"
	"github.com/moonshine-games/moonshine/service/botdriver"
	"github.com/moonshine-games/moonshine/service/gamehost"
	"google.golang.org/grpc/codes"
)

// Playing: a seat's command, and its resignation, which is the game's own
// command and goes the same way.

// ReasonResignUnimplemented refuses Resign in a game whose rules have no
// resignation.
const ReasonResignUnimplemented = "UNIMPLEMENTED_RESIGN"

// SubmitCommand implements moonshinev1.GameServiceServer.
func (s *Service) SubmitCommand(ctx context.Context, req *moonshinev1.SubmitCommandRequest) (*moonshinev1.SubmitCommandResponse, error) {
	if err := checkPlay(req.GetCommandId(), req.ExpectedVersion, req.GetCommand() == nil); err != nil {
		return nil, err
	}
	w, c, g, err := s.play(ctx, req.GetGameId(), req.GetCommandId(), req.ExpectedVersion, func(*gamehost.Game) (*moonshinev1.GameCommand, error) {
		return req.GetCommand(), nil
	})
	if err != nil {
		return nil, err
	}
	out, label, err := written(ctx, s.tel, c, g, w)
	if err != nil {
		return nil, err
	}
	return &moonshinev1.SubmitCommandResponse{FirstSeq: w.FirstSeq, LastSeq: w.LastSeq, Events: out, Label: label}, nil
}

// Resign implements moonshinev1.GameServiceServer: it submits the game's
// own resign command (engine.Module.Resign) as SubmitCommand does, so that the
// log, verify and idempotency treat it as any other command.
func (s *Service) Resign(ctx context.Context, req *moonshinev1.ResignRequest) (*moonshinev1.ResignResponse, error) {
	if err := checkPlay(req.GetCommandId(), req.ExpectedVersion, false); err != nil {
		return nil, err
	}
	w, c, g, err := s.play(ctx, req.GetGameId(), req.GetCommandId(), req.ExpectedVersion, func(g *gamehost.Game) (*moonshinev1.GameCommand, error) {
		if g.Module().Resign == nil {
			return nil, rpcstatus.Refuse(codes.FailedPrecondition, ReasonResignUnimplemented, "%s has no resignation", g.Module().Title)
		}
		return g.Module().WrapCommand(g.Module().Resign()), nil
	})
	if err != nil {
		return nil, err
	}
	out, label, err := written(ctx, s.tel, c, g, w)
	if err != nil {
		return nil, err
	}
	return &moonshinev1.ResignResponse{FirstSeq: w.FirstSeq, LastSeq: w.LastSeq, Events: out, Label: label}, nil
}

// checkPlay checks what the edge's field rules (fields.go) do not of a
// request to play.
func checkPlay(commandID string, expected *int64, noCommand bool) error {
	switch {
	case strings.HasPrefix(commandID, botdriver.Prefix), strings.HasPrefix(commandID, gamehost.PlatformPrefix):
		return rpcstatus.BadRequest("command_id", "the prefixes %q and %q are reserved", botdriver.Prefix, gamehost.PlatformPrefix)
	case noCommand:
		return rpcstatus.BadRequest("command", "required")
	case expected != nil && *expected < 0:
		return rpcstatus.BadRequest("expected_version", "must not be negative")
	}
	return nil
}

// play submits, for the seat of the caller, the command that command
// makes for the game.
func (s *Service) play(ctx context.Context, gameID, commandID string, expected *int64,
	command func(*gamehost.Game) (*moonshinev1.GameCommand, error)) (gamehost.Written, auth.Caller, *gamehost.Game, error) {
	c, err := seatCaller(ctx, gameID)
	if err != nil {
		return gamehost.Written{}, c, nil, err
	}
	if err := s.limits.act(ctx); err != nil {
		return gamehost.Written{}, c, nil, err
	}
	g, err := s.host.Game(ctx, gameID)
	if err != nil {
		return gamehost.Written{}, c, nil, err
	}
	cmd, err := command(g)
	if err != nil {
		return gamehost.Written{}, c, nil, err
	}
	w, err := s.host.Submit(ctx, g, gamehost.Command{ID: commandID, Seat: c.Seat, Command: cmd, Expected: expected, Holder: c.Key})
	return w, c, g, err
}

// written returns what a command wrote as its seat sees it, and the
// command's label in its words.
func written(ctx context.Context, tel *telemetry.Telemetry, c auth.Caller, g *gamehost.Game, w gamehost.Written) ([]*moonshinev1.Event, string, error) {
	acc, err := accessFor(c, g, perspective{}, false)
	if err != nil {
		return nil, "", err
	}
	_, span := tel.Start(ctx, "project")
	defer span.End()
	return g.Projected(w, acc), g.Module().CommandLabel(acc.Game, w.Inner), nil
}
