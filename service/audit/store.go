package audit

import (
	"context"
	"fmt"

	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/eventstore"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/timestamppb"
)

// StoredHistory reads a game's complete history straight from an event
// store, as the auditor's GetHistory would return it (bodies unlabelled):
// its record with the seed, every event whole and the command log, as of
// the version its record had when it was read, so that a game played on
// meanwhile reads consistently. It is for the server's operators (the
// rules recheck), who hold the store.
func StoredHistory(ctx context.Context, st eventstore.Store, id string) (*moonshinev1.GetHistoryResponse, error) {
	rec, err := st.GetGame(ctx, id)
	if err != nil {
		return nil, err
	}
	cfg := &moonshinev1.GameConfig{}
	if err := proto.Unmarshal(rec.Config, cfg); err != nil {
		return nil, fmt.Errorf("audit: game %s: config: %w", id, err)
	}
	h := &moonshinev1.GetHistoryResponse{Complete: true, Game: storedInfo(rec, cfg)}
	if rec.Version > 0 {
		evs, err := st.ReadStream(ctx, id, 0, int(rec.Version))
		if err != nil {
			return nil, err
		}
		for _, ev := range evs {
			se := &moonshinev1.StoredEvent{}
			if err := proto.Unmarshal(ev.Data, se); err != nil {
				return nil, fmt.Errorf("audit: game %s: event %d: %w", id, ev.Seq, err)
			}
			h.Events = append(h.Events, &moonshinev1.Event{Seq: ev.Seq, RecordedAt: timestamppb.New(ev.RecordedAt), Public: se.GetPublic(), Private: se.GetPrivate()})
		}
	}
	cmds, err := st.Commands(ctx, id)
	if err != nil {
		return nil, err
	}
	for _, c := range cmds {
		if c.LastSeq > rec.Version {
			continue // written after the record was read
		}
		gc := &moonshinev1.GameCommand{}
		if err := proto.Unmarshal(c.Data, gc); err != nil {
			return nil, fmt.Errorf("audit: game %s: command %q: %w", id, c.ID, err)
		}
		h.Commands = append(h.Commands, &moonshinev1.LoggedCommand{CommandId: c.ID, Seat: int32(c.Seat), Command: gc,
			FirstSeq: c.FirstSeq, LastSeq: c.LastSeq, RecordedAt: timestamppb.New(c.RecordedAt)})
	}
	return h, nil
}

// storedInfo is a game's metadata from its record, seed included.
func storedInfo(rec eventstore.GameRecord, cfg *moonshinev1.GameConfig) *moonshinev1.GameInfo {
	status := map[eventstore.Status]moonshinev1.GameStatus{
		eventstore.StatusOpen:   moonshinev1.GameStatus_GAME_STATUS_OPEN,
		eventstore.StatusActive: moonshinev1.GameStatus_GAME_STATUS_ACTIVE,
		eventstore.StatusOver:   moonshinev1.GameStatus_GAME_STATUS_OVER,
	}[rec.Status()]
	info := &moonshinev1.GameInfo{GameId: rec.ID, Game: rec.Rules, Config: cfg, Seed: rec.Seed, SeedCommitment: rec.SeedCommitment,
		Version: rec.Version, Status: status, CreatedAt: timestamppb.New(rec.CreatedAt)}
	if !rec.FinishedAt.IsZero() {
		info.FinishedAt = timestamppb.New(rec.FinishedAt)
	}
	return info
}

// StoredGames lists the ids of the games in a store, newest first: all of
// them, or those of one game (rules id) when game is set.
func StoredGames(ctx context.Context, st eventstore.Store, game string) ([]string, error) {
	var ids []string
	f := eventstore.ListFilter{Rules: game, Limit: 100}
	for {
		recs, err := st.ListGames(ctx, f)
		if err != nil {
			return nil, err
		}
		for _, r := range recs {
			ids = append(ids, r.ID)
		}
		if len(recs) < f.Limit {
			return ids, nil
		}
		f.AfterID = recs[len(recs)-1].ID
	}
}
