package gamehost

import (
	"cmp"
	"context"
	"slices"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/games"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/eventstore"
	"github.com/moonshine-games/moonshine/service/projection"
)

// TakebackLog is what a takeback decision reads of a game's log: the
// commands still standing with their events, and the open request.
type TakebackLog struct {
	// Moves are the commands standing, in order, and Firsts each one's
	// first event.
	Moves  []engine.Move
	Firsts []int64
	// Open is the open request (nil: none), and Answered the seats that
	// consented to it.
	Open     *moonshinev1.TakebackRequested
	Answered []int32
}

// TakebackDecider decides the table event of a takeback call from the
// game's log: a request, an answer, a decline, or the takeback itself.
type TakebackDecider func(log TakebackLog) (*moonshinev1.TableEvent, error)

// Takeback decides a takeback call on the game caught up under its lock,
// and appends its table event at the version decided on (expected, when
// set, must be that version). A takeback that lands folds the game again
// without the events it takes back. It returns the event as stored.
func (h *Host) Takeback(ctx context.Context, g *Game, expected *int64, decide TakebackDecider) (Written, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if err := h.catchUp(ctx, g); err != nil {
		return Written{}, err
	}
	if err := g.refuseCancelled(); err != nil {
		return Written{}, err
	}
	if expected != nil && *expected != g.folded.Version {
		return Written{}, &eventstore.VersionConflictError{GameID: g.record.ID, ExpectedVersion: *expected, ActualVersion: g.folded.Version}
	}
	if g.folded.State.Outcome() != nil {
		return Written{}, engine.Refuse(engine.ReasonTakebackGameOver, "the game is over: its commands stand")
	}
	log, err := takebackLog(ctx, h.store, g)
	if err != nil {
		return Written{}, err
	}
	te, err := decide(log)
	if err != nil {
		return Written{}, err
	}
	p := proposal{at: g.folded.Version, table: te}
	if tb := te.GetTakenBack(); tb != nil {
		if p.next, err = refoldWith(ctx, h.store, g, engine.Undo{Seq: p.at + 1, From: tb.GetFromSeq()}); err != nil {
			return Written{}, err
		}
	}
	a, err := h.append(ctx, g, p)
	if err != nil {
		return Written{}, err
	}
	return Written{AppendResult: a.res, Stored: a.stored}, nil
}

// takebackLog reads the log and the commands of g's game (the caller holds
// g.mu, caught up): takebacks are rare, and read the whole log.
func takebackLog(ctx context.Context, store eventstore.Store, g *Game) (TakebackLog, error) {
	evs, err := store.ReadStream(ctx, g.record.ID, 0, 0)
	if err != nil {
		return TakebackLog{}, err
	}
	cmds, err := store.Commands(ctx, g.record.ID)
	if err != nil {
		return TakebackLog{}, err
	}
	var out TakebackLog
	recorded, undos, err := decodeLog(g.module, evs)
	if err != nil {
		return TakebackLog{}, err
	}
	standing := engine.Standing(recorded, undos, int64(len(evs)))
	for _, c := range cmds {
		m := engine.Move{Seat: engine.Seat(c.Seat)}
		i, _ := slices.BinarySearchFunc(standing, c.FirstSeq, func(r engine.Recorded, seq int64) int { return cmp.Compare(r.Seq, seq) })
		for ; i < len(standing) && standing[i].Seq <= c.LastSeq; i++ {
			m.Events = append(m.Events, standing[i].Event)
		}
		if len(m.Events) > 0 {
			out.Moves, out.Firsts = append(out.Moves, m), append(out.Firsts, c.FirstSeq)
		}
	}
	out.Open, out.Answered = openRequest(evs)
	return out, nil
}

// decodeLog returns a log's game events and its takebacks.
func decodeLog(mod *games.Module, evs []eventstore.Event) ([]engine.Recorded, []engine.Undo, error) {
	var recorded []engine.Recorded
	var undos []engine.Undo
	for _, ev := range evs {
		se, err := projection.Decode(ev)
		if err != nil {
			return nil, nil, err
		}
		if tb := se.GetPublic().GetTable().GetTakenBack(); tb != nil {
			undos = append(undos, engine.Undo{Seq: ev.Seq, From: tb.GetFromSeq()})
		}
		if games.IsPlatform(se) {
			continue
		}
		e, err := mod.DecodeEvent(se)
		if err != nil {
			return nil, nil, err
		}
		recorded = append(recorded, engine.Recorded{Seq: ev.Seq, Event: e})
	}
	return recorded, undos, nil
}

// openRequest returns the takeback request still open at the end of the
// log, and the seats that consented: one made after the last game event
// and not closed since.
func openRequest(evs []eventstore.Event) (*moonshinev1.TakebackRequested, []int32) {
	var answered []int32
	for i := len(evs) - 1; i >= 0; i-- {
		se, err := projection.Decode(evs[i])
		if err != nil || !games.IsPlatform(se) {
			return nil, nil
		}
		te := se.GetPublic().GetTable()
		switch {
		case te.GetTakebackRequested() != nil:
			return te.GetTakebackRequested(), answered
		case te.GetTakebackAnswered() != nil:
			answered = append(answered, te.GetTakebackAnswered().GetSeat())
		case te.GetTakenBack() != nil, te.GetTakebackDeclined() != nil:
			return nil, nil
		}
	}
	return nil, nil
}

// refold folds g's game again as of event at, a takeback the log holds:
// the events it undoes are left out (engine.Refold).
func refold(ctx context.Context, store eventstore.Store, g *Game, at int64) (*engine.Game, error) {
	return refoldWith(ctx, store, g, engine.Undo{Seq: at})
}

// refoldWith folds g's game as of event undo.Seq from the log before it,
// leaving out what the log's takebacks undo, and with undo.From set, what
// that takeback (not yet in the log) undoes as well.
func refoldWith(ctx context.Context, store eventstore.Store, g *Game, undo engine.Undo) (*engine.Game, error) {
	evs, err := store.ReadStream(ctx, g.record.ID, 0, int(undo.Seq))
	if err != nil {
		return nil, err
	}
	recorded, undos, err := decodeLog(g.module, evs)
	if err != nil {
		return nil, err
	}
	if undo.From > 0 {
		undos = append(undos, undo)
	}
	return engine.Refold(g.module.Rules, g.record.Seed, recorded, undos, undo.Seq)
}
