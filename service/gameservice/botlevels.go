package gameservice

import (
	"fmt"
	"slices"

	"github.com/moonshine-games/moonshine/engine"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
)

// levels maps the contract's bot levels to the engine's.
var levels = map[moonshinev1.BotLevel]engine.Level{
	moonshinev1.BotLevel_BOT_LEVEL_UNSPECIFIED: engine.LevelNormal,
	moonshinev1.BotLevel_BOT_LEVEL_EASY:        engine.LevelEasy,
	moonshinev1.BotLevel_BOT_LEVEL_NORMAL:      engine.LevelNormal,
	moonshinev1.BotLevel_BOT_LEVEL_HARD:        engine.LevelHard,
}

// checkBotLevels refuses a table's bot levels that name no level, or a
// seat that is not a bot seat.
func checkBotLevels(cfg *moonshinev1.GameConfig) error {
	if _, ok := levels[cfg.GetBotLevel()]; !ok {
		return badRequest("config.bot_level", "unknown bot level %d: BOT_LEVEL_EASY, BOT_LEVEL_NORMAL or BOT_LEVEL_HARD", cfg.GetBotLevel())
	}
	seats := make([]int32, 0, len(cfg.GetBotLevels()))
	for seat := range cfg.GetBotLevels() {
		seats = append(seats, seat)
	}
	slices.Sort(seats) // the first bad seat is named, the same each time
	for _, seat := range seats {
		field := fmt.Sprintf("config.bot_levels[%d]", seat)
		if !slices.Contains(cfg.GetBotSeats(), seat) {
			return badRequest(field, "seat %d is not one of bot_seats", seat)
		}
		if l := cfg.GetBotLevels()[seat]; levels[l] == "" {
			return badRequest(field, "unknown bot level %d: BOT_LEVEL_EASY, BOT_LEVEL_NORMAL or BOT_LEVEL_HARD", l)
		}
	}
	return nil
}

// seatLevel is the level seat's bot plays at: its own in bot_levels, else
// the table's bot_level (unset: normal).
func seatLevel(cfg *moonshinev1.GameConfig, seat engine.Seat) engine.Level {
	l, ok := cfg.GetBotLevels()[int32(seat)]
	if !ok || l == moonshinev1.BotLevel_BOT_LEVEL_UNSPECIFIED {
		l = cfg.GetBotLevel()
	}
	if el, ok := levels[l]; ok {
		return el
	}
	return engine.LevelNormal
}

// wireLevel is the contract's name of seat's bot level, for a bot seat.
func wireLevel(cfg *moonshinev1.GameConfig, seat engine.Seat) moonshinev1.BotLevel {
	switch seatLevel(cfg, seat) {
	case engine.LevelEasy:
		return moonshinev1.BotLevel_BOT_LEVEL_EASY
	case engine.LevelHard:
		return moonshinev1.BotLevel_BOT_LEVEL_HARD
	}
	return moonshinev1.BotLevel_BOT_LEVEL_NORMAL
}
