package search

import (
	"fmt"
	"slices"

	"google.golang.org/protobuf/proto"

	"github.com/moonshine-games/moonshine/engine"
)

// CheckSampler tests a game's Sampler against its contract: it infers from
// k, deals n worlds from r, and checks that each dealt log has one event per
// event of k.History and, redacted for k.Seat, is exactly that history; that
// it folds; and that the folded world shows the seat k.View and offers it
// k.Prompt. Every game's tests run it on the knowledge of seeded games.
func CheckSampler(rules engine.Rules, g Game, k engine.Knowledge, r *engine.Rand, n int) error {
	sampler, err := g.Infer(k)
	if err != nil {
		return fmt.Errorf("infer: %w", err)
	}
	v := engine.SeatViewer(k.Seat)
	for i := range n {
		evs, err := sampler.Deal(r)
		if err != nil {
			return fmt.Errorf("deal %d: %w", i, err)
		}
		if len(evs) != len(k.History) {
			return fmt.Errorf("deal %d: %d events for a history of %d", i, len(evs), len(k.History))
		}
		for j, ev := range evs {
			if !engine.EqualEvents(ev.For(v), k.History[j]) {
				return fmt.Errorf("deal %d: event %d redacted for %v is not its history's", i, j+1, k.Seat)
			}
		}
		w, err := Fold(rules, evs)
		if err != nil {
			return fmt.Errorf("deal %d does not fold: %w", i, err)
		}
		if !proto.Equal(w.View(v), k.View) {
			return fmt.Errorf("deal %d shows %v another view", i, k.Seat)
		}
		if err := samePrompt(w, k.Prompt); err != nil {
			return fmt.Errorf("deal %d: %w", i, err)
		}
	}
	return nil
}

func samePrompt(w engine.State, want engine.Prompt) error {
	for _, p := range w.Prompts() {
		if p.Seat != want.Seat {
			continue
		}
		if p.Reason != want.Reason || p.MustAct != want.MustAct || !slices.EqualFunc(p.Legal, want.Legal, proto.Equal) {
			return fmt.Errorf("the world offers %v %s with %d commands, not %s with %d", p.Seat, p.Reason, len(p.Legal), want.Reason, len(want.Legal))
		}
		return nil
	}
	return fmt.Errorf("the world has no prompt for %v", want.Seat)
}
