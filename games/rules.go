package games

import (
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"google.golang.org/protobuf/proto"
)

// Describe returns the module as the API describes a hosted game: its
// title, player range, variants (the default first) and whether it is
// labelled, and with board, its printed data in the GameBoard envelope.
func (m *Module) Describe(board bool) *moonshinev1.GameRules {
	lo, hi := m.Rules.Players()
	out := &moonshinev1.GameRules{Game: m.Name(), Title: m.Title, MinPlayers: int32(lo), MaxPlayers: int32(hi), Labelled: m.Labels != nil}
	for _, v := range m.Variants {
		mv := &moonshinev1.Variant{Name: v.Name, Title: v.Title, Description: v.Description,
			MinPlayers: int32(v.MinPlayers), MaxPlayers: int32(v.MaxPlayers)}
		if v.Options != nil {
			mv.Options = m.WrapOptions(proto.Clone(v.Options))
		}
		out.Variants = append(out.Variants, mv)
	}
	if board && m.Board != nil {
		out.Board = &moonshinev1.GameBoard{}
		put(out.Board.SetGame, proto.Clone(m.Board))
	}
	return out
}
