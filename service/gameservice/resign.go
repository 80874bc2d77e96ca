package gameservice

import (
	"context"

	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"google.golang.org/grpc/codes"
)

// ReasonResignUnimplemented refuses Resign in a game whose rules have no
// resignation.
const ReasonResignUnimplemented = "UNIMPLEMENTED_RESIGN"

// Resign implements moonshinev1.GameServiceServer: it submits the game's
// own resign command (engine.Module.Resign) as SubmitCommand does, so that the
// log, verify and idempotency treat it as any other command.
func (s *Service) Resign(ctx context.Context, req *moonshinev1.ResignRequest) (*moonshinev1.ResignResponse, error) {
	if _, err := seatCaller(ctx, req.GetGameId()); err != nil {
		return nil, err
	}
	t, err := s.table(ctx, req.GetGameId())
	if err != nil {
		return nil, err
	}
	if t.module.Resign == nil {
		return nil, refuse(codes.FailedPrecondition, ReasonResignUnimplemented, "%s has no resignation", t.module.Title)
	}
	out, err := s.SubmitCommand(ctx, &moonshinev1.SubmitCommandRequest{GameId: req.GetGameId(), CommandId: req.GetCommandId(),
		Command: t.module.WrapCommand(t.module.Resign()), ExpectedVersion: req.ExpectedVersion})
	if err != nil {
		return nil, err
	}
	return &moonshinev1.ResignResponse{FirstSeq: out.GetFirstSeq(), LastSeq: out.GetLastSeq(), Events: out.GetEvents(), Label: out.GetLabel()}, nil
}
