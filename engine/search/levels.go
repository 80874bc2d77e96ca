package search

import "github.com/moonshine-games/moonshine/engine"

// Level is one bot level's budget as a game states it: playouts, worlds,
// and how far a playout looks ahead in commands per seat at the table, so
// that one table of levels serves every player count.
type Level struct {
	Iterations, Worlds, DepthPerSeat int
}

// Levels are a game's search levels by bot level (normal and hard).
type Levels map[engine.Level]Level

// Budget returns the budget of level l at a table of players: normal's for
// a level the table does not name (easy, or none).
func (ls Levels) Budget(l engine.Level, players int) Budget {
	b, ok := ls[l]
	if !ok {
		b = ls[engine.LevelNormal]
	}
	return Budget{Iterations: b.Iterations, Worlds: b.Worlds, Depth: b.DepthPerSeat * players}
}
