package gamehost

import (
	"context"
	"fmt"
	"time"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/games"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/eventstore"
	"github.com/moonshine-games/moonshine/service/projection"
	"github.com/moonshine-games/moonshine/service/telemetry"
)

// catchUp folds the events appended since the game's version: those the
// store's notifications carried, when they bring it to the last version
// told (notified.go), else those read from the log. The caller holds
// g.mu. A log that does not fold is corrupt: the game is dropped from the
// cache. Events folded are kept for the game's watchers, decoded.
func (h *Host) catchUp(ctx context.Context, g *Game) error {
	// A change told from now on is caught up with next time. Only a game
	// that was behind by what the store told may fold the events the
	// notifications carried instead of reading: a caller that catches up
	// otherwise wants the log's end.
	told := g.behind.Swap(false)
	evs, ok := g.notified.Take(g.folded.Version)
	if !told || !ok || g.folded.Version == 0 {
		var err error
		if evs, err = h.store.ReadStream(ctx, g.record.ID, g.folded.Version, 0); err != nil {
			g.stale()
			return err
		}
		h.tel.CatchUp(len(evs))
	}
	for _, ev := range evs {
		se, err := foldEvent(g.module, g.folded, ev)
		if err == nil && isTakenBack(se) {
			g.folded, err = refold(ctx, h.store, g, ev.Seq) // takeback.go
		}
		if err != nil {
			h.cache.Drop(g.record.ID, g)
			h.tel.CacheEviction(telemetry.EvictedDropped)
			return err
		}
		h.foldTable(g, ev.Seq, ev.RecordedAt, se)
		g.feed.Add(ev.Seq, ev.RecordedAt, se)
	}
	if len(evs) > 0 {
		g.setFolded()
		h.measure.grew(g, len(evs))
	}
	return nil
}

// foldEvent applies one stored event to eg and returns it decoded. A game
// from before table talk had a stream of its own holds talk among its
// events: such an event takes its sequence number and changes nothing, as
// does every table event (the platform's, not the game's).
func foldEvent(mod *games.Module, eg *engine.Game, ev eventstore.Event) (*moonshinev1.StoredEvent, error) {
	if ev.Seq != eg.Version+1 {
		return nil, fmt.Errorf("game %s: event %d follows %d", ev.GameID, ev.Seq, eg.Version)
	}
	se, err := projection.Decode(ev)
	if err != nil {
		return nil, err
	}
	if games.IsPlatform(se) {
		eg.Version = ev.Seq
		return se, nil
	}
	e, err := mod.DecodeEvent(se)
	if err != nil {
		return nil, fmt.Errorf("game %s: event %d: %w", ev.GameID, ev.Seq, err)
	}
	return se, eg.Apply(e)
}

// foldTable folds what a table event at seq changes beside the game's
// state (the caller holds g.mu), whether the game appended it or read it
// from the log: the turn clocks, a seat's credential, a seat freed, the
// cancellation. Other events change none of these.
func (h *Host) foldTable(g *Game, seq int64, at time.Time, se *moonshinev1.StoredEvent) {
	te := se.GetPublic().GetTable()
	if te == nil {
		return
	}
	if timer := g.cfg.GetTimer(); timer != nil {
		g.clocks.Fold(timer, te)
		if due := g.clocks.Due(nil, h.clock.Now()); !due.IsZero() {
			h.hooks.Due(g.record.ID, due)
		}
	}
	g.creds.note(te, seq)
	switch {
	case te.GetCancelled() != nil:
		g.seating.Cancel(at)
	case te.GetCredentialRotated() != nil:
		h.claims.ForgetSeat(g.record.ID, int(te.GetCredentialRotated().GetSeat()))
	case te.GetSeatLeft() != nil:
		seat := int(te.GetSeatLeft().GetSeat())
		g.seating.Left(seat, seq)
		h.claims.ForgetSeat(g.record.ID, seat) // freed here or by another process
	}
}

// isTakenBack reports whether a stored event is a takeback.
func isTakenBack(se *moonshinev1.StoredEvent) bool {
	return se.GetPublic().GetTable().GetTakenBack() != nil
}
