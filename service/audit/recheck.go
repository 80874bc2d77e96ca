package audit

import (
	"context"
	"errors"
	"math/rand/v2"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/games"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/eventstore"
)

// The rules recheck answers, before a build is deployed, "will the games
// stored today still replay under this build's rules?": it re-runs each
// stored game from its seed and command log under reg's rules, as
// [VerifyWith] does, and reports every game whose events would differ,
// with the first event that does. A game in play is rechecked as far as
// it has come: it is the one that goes on under the new rules.

// RecheckWith re-runs one complete history under reg's rules and says how
// it fared: the rules version it was recorded under beside the one reg
// plays, and for a game that differs the first differing event, recorded
// (expected) against replayed (got), each labelled for the auditor with
// the kinds of its bodies.
func RecheckWith(reg *games.Registry, h *moonshinev1.GetHistoryResponse) *moonshinev1.RecheckedGame {
	game, recorded, build := RulesWith(reg, h)
	out := &moonshinev1.RecheckedGame{GameId: h.GetGame().GetGameId(), Game: game, RecordedRulesVersion: recorded,
		BuildRulesVersion: build, Status: h.GetGame().GetStatus(), Events: int64(len(h.GetEvents())),
		Result: moonshinev1.RecheckResult_RECHECK_RESULT_SAME}
	err := VerifyWith(reg, h)
	if err == nil {
		return out
	}
	e, ok := AsError(err)
	if !ok || (e.Kind != Mismatch && e.Kind != RulesChanged) {
		out.Result, out.Error = moonshinev1.RecheckResult_RECHECK_RESULT_FAILED, err.Error()
		return out
	}
	out.Result = moonshinev1.RecheckResult_RECHECK_RESULT_DIFFERS
	mod, _ := reg.Lookup(game)
	out.FirstDifference = &moonshinev1.EventDifference{Seq: e.Seq, Reason: e.Reason}
	out.FirstDifference.Recorded, out.FirstDifference.RecordedKinds = wireEvent(mod, e.Seq, e.Recorded)
	out.FirstDifference.Replayed, out.FirstDifference.ReplayedKinds = wireEvent(mod, e.Seq, e.Replayed)
	return out
}

// wireEvent returns one of the game's events as the auditor is shown it,
// with the kinds of its bodies in order (nil, nil for no event).
func wireEvent(mod *games.Module, seq int64, ev *engine.Event) (*moonshinev1.Event, []string) {
	if ev == nil || mod == nil {
		return nil, nil
	}
	se := mod.EncodeEvent(*ev)
	out := &moonshinev1.Event{Seq: seq}
	var kinds []string
	auditor := engine.AuditorViewer()
	if se.GetPublic() != nil {
		out.Public = labelled(mod, auditor, se.GetPublic())
		kinds = append(kinds, BodyKind(out.Public))
	}
	for _, p := range se.GetPrivate() {
		body := labelled(mod, auditor, p.GetBody())
		out.Private = append(out.Private, &moonshinev1.PrivatePart{Seats: p.GetSeats(), Body: body})
		kinds = append(kinds, BodyKind(body))
	}
	return out, kinds
}

// RecheckOptions choose the stored games a recheck re-runs.
type RecheckOptions struct {
	// IDs, if set, names the games; otherwise every stored game is
	// re-run, or only those of Game (a rules id) when it is set.
	IDs  []string
	Game string
	// Sample, if positive, re-runs that many of the chosen games, picked
	// at random with SampleSeed.
	Sample     int
	SampleSeed uint64
	// Parallel is how many games are read and re-run at once (at least
	// one). The report keeps the games' order whatever it is.
	Parallel int
	// Progress, if set, is called after each game, in order.
	Progress func(*moonshinev1.RecheckedGame)
}

// RecheckStore re-runs the chosen games of a store under reg's rules
// ([RecheckWith]) and tallies the report. A game whose history cannot be
// read is reported as failed and the recheck goes on; an error reading
// the store (an outage, a game that vanished) ends it.
func RecheckStore(ctx context.Context, reg *games.Registry, st eventstore.Store, opts RecheckOptions) (*moonshinev1.RecheckReport, error) {
	ids := opts.IDs
	if len(ids) == 0 {
		var err error
		if ids, err = StoredGames(ctx, st, opts.Game); err != nil {
			return nil, err
		}
	}
	ids = sample(ids, opts.Sample, opts.SampleSeed)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	results := recheckAll(ctx, reg, st, ids, max(opts.Parallel, 1))
	rep := &moonshinev1.RecheckReport{}
	for _, res := range results {
		var r rechecked
		select {
		case r = <-res:
		case <-ctx.Done():
			return rep, ctx.Err()
		}
		if r.err != nil {
			return rep, r.err
		}
		tally(rep, r.game)
		if opts.Progress != nil {
			opts.Progress(r.game)
		}
	}
	return rep, nil
}

// rechecked is one game's result, or the error that ends the recheck.
type rechecked struct {
	game *moonshinev1.RecheckedGame
	err  error
}

// recheckAll rechecks the games with parallel workers until ctx ends; the
// i-th channel gets the i-th game's result (each channel is buffered, so
// that no worker waits on a reader that has stopped).
func recheckAll(ctx context.Context, reg *games.Registry, st eventstore.Store, ids []string, parallel int) []chan rechecked {
	out := make([]chan rechecked, len(ids))
	for i := range out {
		out[i] = make(chan rechecked, 1)
	}
	jobs := make(chan int)
	go func() {
		defer close(jobs)
		for i := range ids {
			select {
			case jobs <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	for range parallel {
		go func() {
			for i := range jobs {
				g, err := recheckStored(ctx, reg, st, ids[i])
				out[i] <- rechecked{g, err}
			}
		}()
	}
	return out
}

// recheckStored reads and re-runs one stored game.
func recheckStored(ctx context.Context, reg *games.Registry, st eventstore.Store, id string) (*moonshinev1.RecheckedGame, error) {
	h, err := StoredHistory(ctx, st, id)
	if errors.Is(err, eventstore.ErrUnavailable) || errors.Is(err, eventstore.ErrNotFound) || ctx.Err() != nil {
		return nil, err
	}
	if err != nil {
		return &moonshinev1.RecheckedGame{GameId: id, Result: moonshinev1.RecheckResult_RECHECK_RESULT_FAILED, Error: err.Error()}, nil
	}
	return RecheckWith(reg, h), nil
}

// Recheck tallies a report of rechecked games.
func Recheck(gs ...*moonshinev1.RecheckedGame) *moonshinev1.RecheckReport {
	rep := &moonshinev1.RecheckReport{}
	for _, g := range gs {
		tally(rep, g)
	}
	return rep
}

func tally(rep *moonshinev1.RecheckReport, g *moonshinev1.RecheckedGame) {
	rep.Games = append(rep.Games, g)
	switch g.GetResult() {
	case moonshinev1.RecheckResult_RECHECK_RESULT_SAME:
		rep.Same++
	case moonshinev1.RecheckResult_RECHECK_RESULT_DIFFERS:
		rep.Differ++
	default:
		rep.Failed++
	}
}

// sample returns n of ids picked at random with seed, in their order, or
// ids when n is not positive or not below their number.
func sample(ids []string, n int, seed uint64) []string {
	if n <= 0 || n >= len(ids) {
		return ids
	}
	r := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	keep := make([]bool, len(ids))
	for _, i := range r.Perm(len(ids))[:n] {
		keep[i] = true
	}
	out := make([]string, 0, n)
	for i, id := range ids {
		if keep[i] {
			out = append(out, id)
		}
	}
	return out
}

// Clean reports whether every game of the report re-ran to its recorded
// events.
func Clean(rep *moonshinev1.RecheckReport) bool {
	return rep.GetDiffer() == 0 && rep.GetFailed() == 0
}
