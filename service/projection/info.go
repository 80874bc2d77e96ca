package projection

import (
	"fmt"
	"slices"

	"github.com/moonshine-games/moonshine/engine"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/eventstore"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/timestamppb"
)

// At is where a game stands for a response: the version it is described
// at, and whether it is over then.
type At struct {
	Version int64
	Over    bool
}

// RecordInfo builds a game's public metadata from its record alone: at its
// version, over once it finished.
func RecordInfo(rec eventstore.GameRecord) (*moonshinev1.GameInfo, error) {
	cfg := &moonshinev1.GameConfig{}
	if err := proto.Unmarshal(rec.Config, cfg); err != nil {
		return nil, fmt.Errorf("game %s: config: %w", rec.ID, err)
	}
	return Info(rec, cfg, At{Version: rec.Version, Over: !rec.FinishedAt.IsZero()}, false), nil
}

// Info builds a game's public metadata from its record, its table
// configuration and where it stands. The seed is shown once the game is
// over, or when reveal is set (the auditor).
func Info(rec eventstore.GameRecord, cfg *moonshinev1.GameConfig, at At, reveal bool) *moonshinev1.GameInfo {
	out := &moonshinev1.GameInfo{
		GameId:         rec.ID,
		Game:           rec.Rules,
		Config:         cfg,
		SeedCommitment: rec.SeedCommitment,
		Version:        at.Version,
		Status:         moonshinev1.GameStatus_GAME_STATUS_ACTIVE,
		CreatedAt:      timestamppb.New(rec.CreatedAt),
	}
	if !rec.FinishedAt.IsZero() && (at.Over || rec.Cancelled) {
		out.FinishedAt = timestamppb.New(rec.FinishedAt)
	}
	for i := range cfg.GetPlayers() {
		st := &moonshinev1.Seat{Seat: i, Bot: slices.Contains(cfg.GetBotSeats(), i)}
		if st.Bot {
			st.BotLevel = WireLevel(cfg, engine.Seat(i))
		}
		out.Seats = append(out.Seats, st)
	}
	for _, c := range rec.Seats {
		if c.Seat >= 0 && c.Seat < len(out.Seats) {
			out.Seats[c.Seat].Claimed, out.Seats[c.Seat].Name = true, c.Name
		}
	}
	for _, st := range out.Seats {
		if !st.Claimed {
			out.Status = moonshinev1.GameStatus_GAME_STATUS_OPEN
		}
	}
	over := at.Over
	if rec.Cancelled { // ended unplayed: over whatever the game's state
		over, out.Cancelled = true, true
	}
	if over {
		out.Status = moonshinev1.GameStatus_GAME_STATUS_OVER
	}
	if over || reveal {
		out.Seed = rec.Seed
	}
	return out
}
