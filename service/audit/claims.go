package audit

import (
	"fmt"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/games"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
)

// Beyond its events, a saved history claims how the game stands (its
// status, whether it was cancelled) and carries labels, which a reader
// shows. Verification checks both against what the events give, so that
// a history cut short cannot pass for a finished game and a forged label
// cannot ride along with verified events.

// checkEnd checks the history's status against the game its events fold
// to: a game that is over (and not cancelled) folds to an outcome, one in
// play does not, and a cancelled one records its cancellation.
func checkEnd(game *games.Module, h *moonshinev1.GetHistoryResponse, events []engine.Recorded) error {
	info := h.GetGame()
	g, err := engine.Refold(game.Rules, info.GetSeed(), events, undos(h.GetEvents()), info.GetVersion())
	if err != nil {
		return &Error{Kind: Mismatch, Reason: "folding the events: " + err.Error()}
	}
	over := info.GetStatus() == moonshinev1.GameStatus_GAME_STATUS_OVER
	ended := g.State.Outcome() != nil
	switch {
	case info.GetCancelled():
		if !over || !cancelled(h.GetEvents()) {
			return &Error{Kind: Mismatch, Reason: "the history says the game was cancelled, and records no cancellation"}
		}
	case over && !ended:
		return &Error{Kind: Mismatch, Seq: info.GetVersion(), Reason: "the history says the game is over, and its events leave it in play: it is cut short"}
	case !over && ended:
		return &Error{Kind: Mismatch, Seq: info.GetVersion(), Reason: fmt.Sprintf("the history says the game is %s, and its events end it", info.GetStatus())}
	}
	return nil
}

// cancelled reports whether the events record the table's cancellation.
func cancelled(evs []*moonshinev1.Event) bool {
	for _, ev := range evs {
		if ev.GetPublic().GetTable().GetCancelled() != nil {
			return true
		}
	}
	return false
}

// label is one label a history carries, and how the game makes it for a
// viewer.
type label struct {
	seq  int64
	what string
	got  string
	want func(engine.Viewer) string
}

// checkLabels checks every label a history carries against the label the
// game makes from the same message. A history is labelled in the words of
// the viewer it was fetched as: the game's events and the commands for
// one viewer, table talk and the table's changes for the caller (see
// GetHistory). So each of the two sets must be the labels of one viewer
// (a seat, a spectator, the auditor); a label left empty claims nothing.
func checkLabels(game *games.Module, h *moonshinev1.GetHistoryResponse) error {
	var own, platform []label
	for _, c := range h.GetCommands() {
		inner, err := game.Command(c.GetCommand())
		if err != nil {
			continue // logged() refuses it first
		}
		own = append(own, label{c.GetFirstSeq(), "command " + c.GetCommandId(), c.GetLabel(),
			func(v engine.Viewer) string { return game.CommandLabel(v, inner) }})
	}
	for _, ev := range h.GetEvents() {
		set := &own
		if games.IsPlatform(&moonshinev1.StoredEvent{Public: ev.GetPublic(), Private: ev.GetPrivate()}) {
			set = &platform
		}
		bodies := []*moonshinev1.EventBody{ev.GetPublic()}
		for _, p := range ev.GetPrivate() {
			bodies = append(bodies, p.GetBody())
		}
		for _, b := range bodies {
			if b == nil {
				continue
			}
			*set = append(*set, label{ev.GetSeq(), fmt.Sprintf("event %d", ev.GetSeq()), b.GetLabel(),
				func(v engine.Viewer) string { return game.BodyLabel(v, b) }})
		}
	}
	players := int(h.GetGame().GetConfig().GetPlayers())
	if err := oneViewer(own, players); err != nil {
		return err
	}
	return oneViewer(platform, players)
}

// oneViewer returns nil if the labels are those of one viewer, else the
// first label that is not, for the viewer whose labels most of them are.
func oneViewer(labels []label, players int) error {
	viewers := []engine.Viewer{engine.AuditorViewer(), engine.SpectatorViewer()}
	for s := range players {
		viewers = append(viewers, engine.SeatViewer(engine.Seat(s)))
	}
	var worst *Error
	best := -1
	for _, v := range viewers {
		matched := 0
		var first *Error
		for _, l := range labels {
			if want := l.want(v); l.got == "" || l.got == want {
				matched++
			} else if first == nil {
				first = &Error{Kind: Mislabelled, Seq: l.seq,
					Reason: fmt.Sprintf("%s is labelled %q; the game labels it %q (for %s)", l.what, l.got, want, v)}
			}
		}
		if first == nil {
			return nil
		}
		if matched > best {
			best, worst = matched, first
		}
	}
	return worst
}
