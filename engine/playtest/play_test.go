package playtest_test

import (
	"errors"
	"strings"
	"testing"

	"google.golang.org/protobuf/proto"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/boozebarons"
	"github.com/moonshine-games/moonshine/engine/playtest"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/boozebarons/v1"
)

func config(seed string) playtest.Config {
	return playtest.Config{Rules: boozebarons.Rules{}, Table: engine.Config{Players: 4}, Seed: []byte(seed), RebuildEvery: 7}
}

func TestPlayFinishesAndVerifies(t *testing.T) {
	res, err := playtest.Play(config("ok"))
	if err != nil {
		t.Fatal(err)
	}
	if res.Game.State.Outcome() == nil || len(res.Commands) == 0 || int64(len(res.Events)) != res.Game.Version {
		t.Fatalf("result %d commands, %d events, version %d", len(res.Commands), len(res.Events), res.Game.Version)
	}
}

func TestPlayReportsInvariantFailure(t *testing.T) {
	cfg := config("bad")
	cfg.Invariant = func(_ engine.State, log []engine.Recorded) error {
		if len(log) > 20 {
			return errors.New("boom")
		}
		return nil
	}
	if _, err := playtest.Play(cfg); err == nil || !strings.Contains(err.Error(), "boom") {
		t.Fatalf("got %v", err)
	}
}

func TestPlayReportsStepBound(t *testing.T) {
	cfg := config("long")
	cfg.MaxSteps = 10
	if _, err := playtest.Play(cfg); err == nil || !strings.Contains(err.Error(), "no end") {
		t.Fatalf("got %v", err)
	}
}

// lying offers an illegal command besides the legal ones.
type lying struct{ boozebarons.Rules }

func (l lying) NewState() engine.State { return lyingState{l.Rules.NewState()} }

type lyingState struct{ engine.State }

func (s lyingState) Prompts() []engine.Prompt {
	ps := s.State.Prompts()
	for i := range ps {
		ps[i].Legal = append(ps[i].Legal, boozebarons.Cmd(&pb.Deliver{CardId: 99}))
	}
	return ps
}

func TestPlayCatchesAnIllegalOffer(t *testing.T) {
	cfg := config("lie")
	cfg.Rules = lying{}
	if _, err := playtest.Play(cfg); err == nil || !strings.Contains(err.Error(), "offered") {
		t.Fatalf("got %v", err)
	}
}

// hiding never offers Pass, which Decide accepts: the random sample finds it.
type hiding struct{ boozebarons.Rules }

func (h hiding) NewState() engine.State { return hidingState{h.Rules.NewState()} }

type hidingState struct{ engine.State }

func (s hidingState) Clone() engine.State { return hidingState{s.State.Clone()} }

func (s hidingState) Decide(seat engine.Seat, cmd proto.Message, r *engine.Rand) ([]engine.Event, engine.State, error) {
	evs, next, err := s.State.Decide(seat, cmd, r)
	if err != nil {
		return nil, nil, err
	}
	return evs, hidingState{next}, nil
}

func (s hidingState) Prompts() []engine.Prompt {
	ps := s.State.Prompts()
	for i := range ps {
		var keep []proto.Message
		for _, m := range ps[i].Legal {
			if m.(*pb.Command).GetPass() == nil {
				keep = append(keep, m)
			}
		}
		ps[i].Legal = keep
	}
	return ps
}

func TestPlayCatchesAnUnofferedLegalCommand(t *testing.T) {
	cfg := config("hide")
	cfg.Rules = hiding{}
	cfg.RandomCommand = func(*engine.Rand) proto.Message { return boozebarons.Cmd(&pb.Pass{}) }
	if _, err := playtest.Play(cfg); err == nil || !strings.Contains(err.Error(), "not offered") {
		t.Fatalf("got %v", err)
	}
}

// mutating counts its decisions in its state.
type mutating struct{ boozebarons.Rules }

func (m mutating) NewState() engine.State { return &mutatingState{State: m.Rules.NewState()} }

type mutatingState struct {
	engine.State
	decided int
}

func (s *mutatingState) Decide(seat engine.Seat, cmd proto.Message, r *engine.Rand) ([]engine.Event, engine.State, error) {
	s.decided++
	return s.State.Decide(seat, cmd, r)
}

func TestPlayCatchesADecideThatChangesTheState(t *testing.T) {
	cfg := config("mutate")
	cfg.Rules = mutating{}
	if _, err := playtest.Play(cfg); err == nil || !strings.Contains(err.Error(), "changed while Decide") {
		t.Fatalf("got %v", err)
	}
}

// stale hands back, for each decision, the state it decided on, not the
// one its events lead to.
type stale struct{ boozebarons.Rules }

func (r stale) NewState() engine.State { return staleState{r.Rules.NewState()} }

type staleState struct{ engine.State }

func (s staleState) Clone() engine.State { return staleState{s.State.Clone()} }

func (s staleState) Decide(seat engine.Seat, cmd proto.Message, r *engine.Rand) ([]engine.Event, engine.State, error) {
	evs, _, err := s.State.Decide(seat, cmd, r)
	if err != nil {
		return nil, nil, err
	}
	return evs, s.Clone(), nil
}

func TestPlayCatchesAStateTheEventsDoNotLeadTo(t *testing.T) {
	cfg := config("stale")
	cfg.Rules = stale{}
	if _, err := playtest.Play(cfg); err == nil || !strings.Contains(err.Error(), "not the one its events lead to") {
		t.Fatalf("got %v", err)
	}
}

// counting keeps a count of its Prompts calls in its state.
type counting struct{ boozebarons.Rules }

func (c counting) NewState() engine.State { return &countingState{State: c.Rules.NewState()} }

type countingState struct {
	engine.State
	prompts int
}

func (s *countingState) Prompts() []engine.Prompt { s.prompts++; return s.State.Prompts() }

func TestPlayCatchesPromptsThatChangeTheState(t *testing.T) {
	cfg := config("count")
	cfg.Rules = counting{}
	if _, err := playtest.Play(cfg); err == nil || !strings.Contains(err.Error(), "changed while Prompts") {
		t.Fatalf("got %v", err)
	}
}

// forgetful's Apply lacks a case (Passed falls to the default), or skips
// what it does not know.
type forgetful struct {
	boozebarons.Rules
	skip bool
}

func (f forgetful) NewState() engine.State { return forgetfulState{f.Rules.NewState(), f.skip} }

type forgetfulState struct {
	engine.State
	skip bool
}

func (s forgetfulState) Apply(body proto.Message) error {
	ev, _ := body.(*pb.Event)
	switch {
	case ev != nil && ev.GetPassed() != nil && !s.skip:
		return engine.UnknownEvent(body)
	case ev != nil && ev.Kind == nil && s.skip:
		return nil
	}
	return s.State.Apply(body)
}

func TestCheckApply(t *testing.T) {
	table := engine.Config{Players: 3}
	if err := playtest.CheckApply(forgetful{}, table); err == nil || !strings.Contains(err.Error(), "passed") {
		t.Fatalf("a missing case: %v", err)
	}
	if err := playtest.CheckApply(forgetful{skip: true}, table); err == nil || !strings.Contains(err.Error(), "without a kind") {
		t.Fatalf("a skipping default: %v", err)
	}
}
