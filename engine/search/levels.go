package search

import (
	"errors"
	"fmt"

	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"

	"github.com/moonshine-games/moonshine/engine"
)

// Level is one bot level's budget as a game states it: playouts, worlds,
// and how far a playout looks ahead in commands per seat at the table, so
// that one table of levels serves every player count; Commands, when
// positive, caps the commands a decision plays in all (Budget.Commands),
// which bounds the larger tables' decisions, and Work, when positive, the
// work it does (Budget.Work); Prefer and PreferSE are Budget's.
type Level struct {
	Iterations, Worlds, DepthPerSeat, Commands, Work int
	Prefer, PreferSE                                 float64
	// Candidates and Halving are Budget's.
	Candidates int
	Halving    bool
}

// Levels are a game's search budgets for its normal and hard bots:
// Normal and Hard at every table but those Tables name, whose own budgets
// stand in for them.
type Levels struct {
	Normal, Hard Level
	// Tables are the budgets of particular table sizes; an entry of
	// Players 0 names none. A fixed array keeps Levels, and so Bot,
	// comparable.
	Tables [MaxTables]Table
}

// MaxTables is how many table sizes a game's Levels may budget apart.
const MaxTables = 4

// Table is the normal and hard budgets at a table of Players: a zero
// Level stands for the Levels' own.
type Table struct {
	Players      int
	Normal, Hard Level
}

// Budget returns the budget of level l at a table of players: hard's for
// [engine.LevelHard], normal's for any other level (easy, or none); the
// table's own (Tables) where the Levels name it.
func (ls Levels) Budget(l engine.Level, players int) Budget {
	b := ls.level(l, players)
	return Budget{Iterations: b.Iterations, Worlds: b.Worlds, Depth: b.DepthPerSeat * players, Commands: b.Commands, Work: b.Work, Prefer: b.Prefer, PreferSE: b.PreferSE, Candidates: b.Candidates, Halving: b.Halving}
}

// level is the Level of l at a table of players.
func (ls Levels) level(l engine.Level, players int) Level {
	normal, hard := ls.Normal, ls.Hard
	for _, t := range ls.Tables {
		if t.Players != 0 && t.Players == players {
			if t.Normal != (Level{}) {
				normal = t.Normal
			}
			if t.Hard != (Level{}) {
				hard = t.Hard
			}
			break
		}
	}
	if l == engine.LevelHard {
		return hard
	}
	return normal
}

// Bot is a game's searching bot of one level: the search of Game over
// Rules, within the Level's budget of Levels at the table of the seat's
// view (its "players" field, which every game's view has). It is
// comparable, and keeps nothing between calls.
type Bot struct {
	Rules  engine.Rules
	Game   Game
	Levels Levels
	Level  engine.Level
}

var _ engine.Bot = Bot{}

// Choose searches k's decision.
func (b Bot) Choose(k engine.Knowledge, r *engine.Rand) (proto.Message, error) {
	res, err := b.Run(k, r)
	return res.Command, err
}

// Run searches k's decision and returns what the search found.
func (b Bot) Run(k engine.Knowledge, r *engine.Rand) (Result, error) {
	players, err := playersOf(k.View)
	if err != nil {
		return Result{}, fmt.Errorf("search: %s: %w", b.Rules.Name(), err)
	}
	return New(b.Rules, b.Game, b.Levels.Budget(b.Level, players)).Run(k, r)
}

// playersOf reads the table's size from a view's players field.
func playersOf(view proto.Message) (int, error) {
	if view == nil {
		return 0, errors.New("no view")
	}
	m := view.ProtoReflect()
	fd := m.Descriptor().Fields().ByName("players")
	if fd == nil {
		return 0, fmt.Errorf("the view %s has no players field", m.Descriptor().FullName())
	}
	var n int64
	switch fd.Kind() {
	case protoreflect.Int32Kind, protoreflect.Int64Kind, protoreflect.Sint32Kind, protoreflect.Sint64Kind:
		n = m.Get(fd).Int()
	case protoreflect.Uint32Kind, protoreflect.Uint64Kind:
		n = int64(m.Get(fd).Uint())
	default:
		return 0, fmt.Errorf("the view %s's players is a %v", m.Descriptor().FullName(), fd.Kind())
	}
	if n <= 0 {
		return 0, fmt.Errorf("the view %s has %d players", m.Descriptor().FullName(), n)
	}
	return int(n), nil
}
