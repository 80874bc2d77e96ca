package projection

import (
	"github.com/moonshine-games/moonshine/engine"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
)

// Levels maps the contract's bot levels to the engine's.
var Levels = map[moonshinev1.BotLevel]engine.Level{
	moonshinev1.BotLevel_BOT_LEVEL_UNSPECIFIED: engine.LevelNormal,
	moonshinev1.BotLevel_BOT_LEVEL_EASY:        engine.LevelEasy,
	moonshinev1.BotLevel_BOT_LEVEL_NORMAL:      engine.LevelNormal,
	moonshinev1.BotLevel_BOT_LEVEL_HARD:        engine.LevelHard,
}

// SeatLevel is the level seat's bot plays at: its own in bot_levels, else
// the table's bot_level (unset: normal). A seat that is no bot's (one
// taken over) plays at the table's.
func SeatLevel(cfg *moonshinev1.GameConfig, seat engine.Seat) engine.Level {
	l, ok := cfg.GetBotLevels()[int32(seat)]
	if !ok || l == moonshinev1.BotLevel_BOT_LEVEL_UNSPECIFIED {
		l = cfg.GetBotLevel()
	}
	if el, ok := Levels[l]; ok {
		return el
	}
	return engine.LevelNormal
}

// WireLevel is the contract's name of seat's bot level, for a bot seat.
func WireLevel(cfg *moonshinev1.GameConfig, seat engine.Seat) moonshinev1.BotLevel {
	switch SeatLevel(cfg, seat) {
	case engine.LevelEasy:
		return moonshinev1.BotLevel_BOT_LEVEL_EASY
	case engine.LevelHard:
		return moonshinev1.BotLevel_BOT_LEVEL_HARD
	}
	return moonshinev1.BotLevel_BOT_LEVEL_NORMAL
}
