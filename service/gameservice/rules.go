package gameservice

import (
	"context"
	"strings"

	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
)

// ListRules implements moonshinev1.GameServiceServer: every hosted game's
// module, without its board.
func (s *Service) ListRules(context.Context, *moonshinev1.ListRulesRequest) (*moonshinev1.ListRulesResponse, error) {
	out := &moonshinev1.ListRulesResponse{}
	for _, m := range s.games.Modules() {
		out.Games = append(out.Games, m.Describe(false))
	}
	return out, nil
}

// GetRules implements moonshinev1.GameServiceServer: one hosted game's
// module, with its board.
func (s *Service) GetRules(_ context.Context, req *moonshinev1.GetRulesRequest) (*moonshinev1.GetRulesResponse, error) {
	m, ok := s.games.Lookup(req.GetGame())
	if !ok {
		return nil, unknownGame(req.GetGame(), s.games.Names())
	}
	return &moonshinev1.GetRulesResponse{Rules: m.Describe(true)}, nil
}

// unknownGame refuses a rules id the server does not host, as a mistake
// in the request's game field.
func unknownGame(game string, hosted []string) error {
	return badRequest("game", "unknown game %q (hosted: %s)", game, strings.Join(hosted, ", "))
}
