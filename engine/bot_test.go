package engine_test

import (
	"errors"
	"slices"
	"testing"

	"google.golang.org/protobuf/proto"

	"github.com/moonshine-games/moonshine/engine"
	hb "github.com/moonshine-games/moonshine/proto/moonshine/highbid/v1"
)

func TestParseLevel(t *testing.T) {
	for in, want := range map[string]engine.Level{"": engine.LevelNormal, "easy": engine.LevelEasy, "normal": engine.LevelNormal, "hard": engine.LevelHard} {
		if got, err := engine.ParseLevel(in); err != nil || got != want {
			t.Errorf("ParseLevel(%q) = %q, %v", in, got, err)
		}
	}
	_, err := engine.ParseLevel("expert")
	if re, ok := engine.AsRuleError(err); !ok || re.Kind != engine.Malformed || re.Reason != engine.ReasonBadOptions {
		t.Errorf("an unknown level: %v", err)
	}
	if !slices.Equal(engine.Levels(), []engine.Level{engine.LevelEasy, engine.LevelNormal, engine.LevelHard}) {
		t.Errorf("levels %v", engine.Levels())
	}
}

// named is a bot that names itself in its error, to tell bots apart.
type named string

func (n named) Choose(engine.Knowledge, *engine.Rand) (proto.Message, error) {
	return nil, errors.New(string(n))
}

func botName(b engine.Bot) string {
	if b == nil {
		return "nil"
	}
	_, err := b.Choose(engine.Knowledge{}, nil)
	if err == nil {
		return "?"
	}
	return err.Error()
}

// A level a game leaves out falls back to the next weaker one it has, and
// a module without bots to its policy, then to the uniform bot.
func TestBotsFallBack(t *testing.T) {
	full := engine.Bots{Easy: named("easy"), Normal: named("normal"), Hard: named("hard")}
	easyOnly := engine.Bots{Easy: named("easy")}
	cases := []struct {
		bots  engine.Bots
		level engine.Level
		want  string
	}{
		{full, engine.LevelHard, "hard"}, {full, "", "normal"}, {full, engine.LevelEasy, "easy"},
		{easyOnly, engine.LevelHard, "easy"}, {easyOnly, engine.LevelNormal, "easy"},
		{engine.Bots{Normal: named("normal")}, engine.LevelHard, "normal"},
		{engine.Bots{Normal: named("normal")}, engine.LevelEasy, "nil"},
	}
	for _, c := range cases {
		if got := botName(c.bots.At(c.level)); got != c.want {
			t.Errorf("%+v at %q: %s, want %s", c.bots, c.level, got, c.want)
		}
	}
	m := highBidModule()
	if m.Bot(engine.LevelHard) != engine.UniformBot {
		t.Error("a module without bots or policy does not fall back to the uniform bot")
	}
	m.Policy = firstPolicy{}
	if c, err := m.Bot(engine.LevelHard).Choose(engine.Knowledge{Prompt: engine.Prompt{Legal: []proto.Message{bidCmd(3)}}}, nil); err != nil || !proto.Equal(c, bidCmd(3)) {
		t.Errorf("a module without bots does not play its policy: %v, %v", c, err)
	}
	m.Bots = easyOnly
	if botName(m.Bot(engine.LevelHard)) != "easy" {
		t.Error("a module's hard level does not fall back to its easy bot")
	}
}

// The uniform bot and a policy as a bot choose from the prompt; neither
// has a choice to offer for an empty prompt.
func TestPolicyBot(t *testing.T) {
	k := engine.Knowledge{Seat: 1, Prompt: engine.Prompt{Seat: 1, Legal: []proto.Message{bidCmd(1), bidCmd(2)}}}
	c, err := engine.UniformBot.Choose(k, engine.NewRand([32]byte{}))
	if err != nil || !slices.ContainsFunc(k.Prompt.Legal, func(m proto.Message) bool { return proto.Equal(m, c) }) {
		t.Fatalf("uniform: %v, %v", c, err)
	}
	first := engine.PolicyBot(firstPolicy{})
	if c, err := first.Choose(k, nil); err != nil || !proto.Equal(c, bidCmd(1)) {
		t.Fatalf("policy: %v, %v", c, err)
	}
	empty := engine.Knowledge{Seat: 1, Prompt: engine.Prompt{Seat: 1, MustAct: true}}
	if _, err := first.Choose(empty, nil); err == nil {
		t.Error("a policy without a choice for a prompt that must be answered is not an error")
	}
	// An out-of-turn offer (MustAct false) the policy declines is a pass:
	// no command and no error, so that the caller plays nothing rather
	// than a fallback.
	offer := engine.Knowledge{Seat: 1, Prompt: engine.Prompt{Seat: 1}}
	if c, err := first.Choose(offer, nil); c != nil || err != nil {
		t.Errorf("a declined offer: %v, %v; want a pass", c, err)
	}
	if _, err := engine.UniformBot.Choose(empty, nil); err == nil {
		t.Error("a prompt without legal commands is not an error")
	}
}

// firstPolicy plays the first legal command.
type firstPolicy struct{}

func (firstPolicy) Choose(_ proto.Message, p engine.Prompt, _ *engine.Rand) proto.Message {
	if len(p.Legal) == 0 {
		return nil
	}
	return p.Legal[0]
}

// A bot's generator is its own for each seed, decision and seat, apart
// from the decision's generator, and the same every time.
func TestBotRand(t *testing.T) {
	draw := func(r *engine.Rand) uint64 { return r.Uint64() }
	base := draw(engine.BotRand([]byte("seed"), 7, 2))
	if draw(engine.BotRand([]byte("seed"), 7, 2)) != base {
		t.Fatal("BotRand is not deterministic")
	}
	for name, r := range map[string]*engine.Rand{
		"seed": engine.BotRand([]byte("other"), 7, 2), "seq": engine.BotRand([]byte("seed"), 8, 2),
		"seat": engine.BotRand([]byte("seed"), 7, 3), "command": engine.CommandRand([]byte("seed"), 7),
	} {
		if draw(r) == base {
			t.Errorf("another %s gives the same generator", name)
		}
	}
}

// KnowledgeOf gives a seat its own view and every event as it may see it:
// the other seats' purses never reach it.
func TestKnowledgeOf(t *testing.T) {
	g, setup, err := engine.Start(highBid{}, engine.Config{Players: 3}, []byte("knowledge"))
	if err != nil {
		t.Fatal(err)
	}
	p := g.State.Prompts()[1]
	k := engine.KnowledgeOf(g.State, setup, p)
	if k.Seat != 1 || len(k.History) != len(setup) || !proto.Equal(k.View, g.State.View(engine.SeatViewer(1))) {
		t.Fatalf("knowledge of seat 1: %+v", k)
	}
	for i, ev := range k.History {
		for _, s := range ev.Private {
			if !slices.Equal(s.Seats, []engine.Seat{1}) {
				t.Errorf("event %d: seat 1 is given a secret of %v", i, s.Seats)
			}
		}
		if !engine.EqualEvents(ev, setup[i].For(engine.SeatViewer(1))) {
			t.Errorf("event %d is not as seat 1 sees it", i)
		}
	}
	if len(k.History[0].Private) != 1 || k.History[0].Private[0].Body.(*hb.Event).GetPurseDealt().GetSeat() != 1 {
		t.Errorf("seat 1 does not see its own purse: %v", k.History[0])
	}
}

// Histories built event by event give every seat the knowledge KnowledgeOf
// gives it from the whole log.
func TestHistories(t *testing.T) {
	g, setup, err := engine.Start(highBid{}, engine.Config{Players: 3}, []byte("histories"))
	if err != nil {
		t.Fatal(err)
	}
	h := engine.NewHistories(3)
	for _, ev := range setup {
		h.Append(ev)
	}
	for _, p := range g.State.Prompts() {
		got, want := h.Knowledge(g.State, p), engine.KnowledgeOf(g.State, setup, p)
		if got.Seat != want.Seat || !proto.Equal(got.View, want.View) || !slices.EqualFunc(got.History, want.History, engine.EqualEvents) {
			t.Errorf("seat %v: the histories' knowledge is not KnowledgeOf's", p.Seat)
		}
		if cap(got.History) != len(got.History) {
			t.Errorf("seat %v: a bot may append into the shared history", p.Seat)
		}
	}
}
