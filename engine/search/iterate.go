package search

import (
	"fmt"

	"google.golang.org/protobuf/proto"

	"github.com/moonshine-games/moonshine/engine"
)

// iteration runs the iterations of one decision and counts their work.
type iteration struct {
	s         *Search
	t         *tree
	r         *engine.Rand
	obs       *observer
	commands  int // commands played
	weighed   int // the work a Weigher's policy reported
	fallbacks int
}

// policy returns the default policy's next command in w, and counts the
// work a Weigher reports.
func (it *iteration) policy(w engine.State) (engine.Seat, proto.Message) {
	if g, ok := it.s.game.(Weigher); ok {
		seat, cmd, n := g.WeighedPlayout(w, it.r)
		it.weighed += max(n, 0)
		return seat, cmd
	}
	return it.s.game.Playout(w, it.r)
}

// passed returns the default policy's next command in w once seat has
// passed on its prompts that need not be answered: a Passer's, else the
// policy's.
func (it *iteration) passed(w engine.State, seat engine.Seat) (engine.Seat, proto.Message) {
	if g, ok := it.s.game.(Passer); ok {
		who, cmd, n := g.PassedPlayout(w, seat, it.r)
		it.weighed += max(n, 0)
		return who, cmd
	}
	return it.policy(w)
}

// once runs one iteration on world w (a copy the iteration may change):
// down the tree, then a playout, then the value backed up. A root edge
// given is played at the root (Budget.Halving) instead of UCB1's choice.
func (it *iteration) once(w engine.State, root *edge) error {
	if it.obs == nil {
		it.obs = newObserver(it.t.seat)
	}
	seat, played := it.t.seat, 0
	n := it.t.root
	cands := make([]proto.Message, len(n.edges))
	for i, e := range n.edges {
		cands[i] = e.cmd
	}
	var path []*edge
	var next proto.Message // the default policy's command at a new node
	for {
		e := root
		if e == nil {
			e = n.pick(cands, it.t.explore)
		}
		root = nil
		path = append(path, e)
		if e.cmd == nil {
			moved, err := it.pass(w, seat)
			if err != nil || !moved {
				it.back(path, w)
				return err
			}
		} else if err := it.strict(w, seat, e.cmd); err != nil {
			return err
		}
		played++
		obs, cmd, decides, err := it.until(w, &played)
		if err != nil {
			return err
		}
		if !decides {
			break
		}
		child, fresh := e.child(obs)
		if fresh {
			next = cmd
			break
		}
		n = child
		if cands = it.s.candidates(w, seat, nil); len(cands) == 0 {
			next = cmd
			break
		}
	}
	if err := it.playout(w, seat, next, played); err != nil {
		return err
	}
	it.back(path, w)
	return nil
}

// back backs the value of w for the seat up the path.
func (it *iteration) back(path []*edge, w engine.State) {
	v := clamp(it.s.game.Value(w, it.t.seat))
	for _, e := range path {
		e.visits++
		e.total += v
		e.squares += v * v
	}
}

// pass plays on from seat's passing on an optional prompt: one command of
// another seat, the default policy's when the game waits for another seat,
// else one of the legal commands of another seat's prompt (one that must
// act first), uniformly. moved is false when no other seat has a command:
// the world then stays as it is, to be valued so.
func (it *iteration) pass(w engine.State, seat engine.Seat) (moved bool, err error) {
	if w.Outcome() != nil {
		return false, nil
	}
	if who, c := it.passed(w, seat); who != seat {
		_, err := it.loose(w, who, c)
		return err == nil, err
	}
	p, ok := otherPrompt(w, seat)
	if !ok {
		return false, nil
	}
	if _, err := it.decide(w, p.Seat, p.Legal[it.r.IntN(len(p.Legal))]); err != nil {
		return false, fmt.Errorf("search: a legal command is refused: %w", err)
	}
	it.commands++
	return true, nil
}

// until plays the other seats by the default policy until seat must
// decide: it returns what seat observed meanwhile and the default policy's
// command for it, or decides false when the game ended or the depth was
// reached first.
func (it *iteration) until(w engine.State, played *int) (obs uint64, cmd proto.Message, decides bool, err error) {
	it.obs.reset()
	for w.Outcome() == nil && !it.deep(*played) {
		who, c := it.policy(w)
		if who == it.t.seat && c != nil {
			return it.obs.sum, c, true, nil
		}
		evs, err := it.loose(w, who, c)
		if err != nil {
			return 0, nil, false, err
		}
		it.obs.see(evs)
		*played++
	}
	return 0, nil, false, nil
}

// playout plays every seat by the default policy, first seat's command
// first when there is one, until the game ends or the depth is reached.
func (it *iteration) playout(w engine.State, seat engine.Seat, first proto.Message, played int) error {
	if first != nil && w.Outcome() == nil && !it.deep(played) {
		if _, err := it.loose(w, seat, first); err != nil {
			return err
		}
		played++
	}
	for w.Outcome() == nil && !it.deep(played) {
		who, c := it.policy(w)
		if _, err := it.loose(w, who, c); err != nil {
			return err
		}
		played++
	}
	return nil
}

func (it *iteration) deep(played int) bool {
	return it.s.budget.Depth > 0 && played >= it.s.budget.Depth
}

// decide plays cmd in w: the game's Step when it has one, else Decide
// then Apply. A refusal leaves w as it was.
func (it *iteration) decide(w engine.State, seat engine.Seat, cmd proto.Message) ([]engine.Event, error) {
	if st, ok := it.s.game.(Stepper); ok {
		return st.Step(w, seat, cmd, it.r)
	}
	evs, _, err := w.Decide(seat, cmd, it.r) // w itself is played on
	if err != nil {
		return nil, err
	}
	return evs, apply(w, evs)
}

// strict plays a command of the tree, which the world must accept: the
// root's commands are legal in every world consistent with the seat's
// knowledge, and deeper ones come from the world's own prompt.
func (it *iteration) strict(w engine.State, seat engine.Seat, cmd proto.Message) error {
	if _, err := it.decide(w, seat, cmd); err != nil {
		return fmt.Errorf("search: a dealt world refuses %v's command %v: %w", seat, cmd, err)
	}
	it.commands++
	return nil
}

// loose plays the default policy's command, or, when the policy has none or
// the rules refuse it, one of the seat's legal commands, uniformly. It
// returns the events played.
func (it *iteration) loose(w engine.State, seat engine.Seat, cmd proto.Message) ([]engine.Event, error) {
	if cmd != nil {
		evs, err := it.decide(w, seat, cmd)
		if err == nil {
			it.commands++
			return evs, nil
		}
		if _, ok := engine.AsRuleError(err); !ok {
			return nil, err
		}
	}
	it.fallbacks++
	p, ok := promptOf(w, seat)
	if !ok || len(p.Legal) == 0 {
		if p, ok = anyPrompt(w); !ok {
			return nil, errNoCommand
		}
	}
	evs, err := it.decide(w, p.Seat, p.Legal[it.r.IntN(len(p.Legal))])
	if err != nil {
		return nil, fmt.Errorf("search: a legal command is refused: %w", err)
	}
	it.commands++
	return evs, nil
}

// apply folds decided events into the world.
func apply(w engine.State, evs []engine.Event) error {
	for _, ev := range evs {
		for _, b := range ev.Bodies() {
			if err := w.Apply(b); err != nil {
				return fmt.Errorf("search: a decided event does not apply: %w", err)
			}
		}
	}
	return nil
}

// promptOf returns seat's prompt in w.
func promptOf(w engine.State, seat engine.Seat) (engine.Prompt, bool) {
	for _, p := range w.Prompts() {
		if p.Seat == seat {
			return p, true
		}
	}
	return engine.Prompt{}, false
}

// anyPrompt returns a prompt with legal commands, one that must act first.
func anyPrompt(w engine.State) (engine.Prompt, bool) { return otherPrompt(w, -1) }

// otherPrompt returns a prompt with legal commands of a seat other than
// seat, one that must act first.
func otherPrompt(w engine.State, seat engine.Seat) (engine.Prompt, bool) {
	var may engine.Prompt
	found := false
	for _, p := range w.Prompts() {
		if len(p.Legal) == 0 || p.Seat == seat {
			continue
		}
		if p.MustAct {
			return p, true
		}
		if !found {
			may, found = p, true
		}
	}
	return may, found
}
