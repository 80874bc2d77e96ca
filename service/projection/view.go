package projection

import (
	"slices"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/games"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
)

// View builds the game's view for acc from its state and its prompts.
func View(state engine.State, ps []engine.Prompt, acc Access) *moonshinev1.GameView {
	v := &moonshinev1.GameView{Viewer: acc.Wire}
	v.Waiting, v.Prompt = Waiting(acc.Module, ps, acc.Game)
	if o := state.Outcome(); o != nil {
		v.Outcome = Outcome(o)
	}
	acc.Module.WrapView(v, state.View(acc.Game))
	return v
}

// Waiting converts the prompts: whom the game waits for (public), and the
// prompt of the seat v sees as, if the game waits for it.
func Waiting(mod *games.Module, ps []engine.Prompt, v engine.Viewer) ([]*moonshinev1.Waiting, *moonshinev1.Prompt) {
	var ws []*moonshinev1.Waiting
	var mine *moonshinev1.Prompt
	for _, p := range ps {
		ws = append(ws, &moonshinev1.Waiting{Seat: int32(p.Seat), MustAct: p.MustAct, Reason: p.Reason, Detail: p.Detail})
		if v.IsSeat(p.Seat) {
			mine = Prompt(mod, p)
		}
	}
	return ws, mine
}

// Outcome converts the outcome of a finished game.
func Outcome(o *engine.Outcome) *moonshinev1.Outcome {
	out := &moonshinev1.Outcome{Winners: games.WireSeats(o.Winners), Summary: o.Summary}
	for _, sc := range o.Scores {
		out.Scores = append(out.Scores, int32(sc))
	}
	return out
}

// Prompt converts a seat's prompt, legal commands and templates included,
// each labelled in the seat's words (when the game has labels).
func Prompt(mod *games.Module, p engine.Prompt) *moonshinev1.Prompt {
	out := &moonshinev1.Prompt{Seat: int32(p.Seat), MustAct: p.MustAct, Reason: p.Reason, Detail: p.Detail}
	v := engine.SeatViewer(p.Seat)
	for _, c := range p.Legal {
		out.Legal = append(out.Legal, mod.WrapCommand(c))
		if mod.Labels != nil {
			out.LegalLabels = append(out.LegalLabels, mod.CommandLabel(v, c))
		}
	}
	for _, tp := range p.Templates {
		ct := &moonshinev1.CommandTemplate{Name: tp.Name, Description: tp.Description, Command: mod.WrapCommand(tp.Command),
			Label: mod.TemplateLabel(v, tp)}
		for _, pa := range tp.Params {
			ct.Params = append(ct.Params, &moonshinev1.TemplateParam{Field: pa.Field, Description: pa.Description,
				Choices: slices.Clone(pa.Choices), Min: int32(pa.Min), Max: int32(pa.Max)})
		}
		out.Templates = append(out.Templates, ct)
	}
	return out
}
