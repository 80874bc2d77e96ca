package engine

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"slices"

	"google.golang.org/protobuf/proto"
)

// Knowledge is everything one seat may know of a game when it must act:
// its view, every event so far as that seat may see it, and its prompt. It
// is the whole input of a [Bot], so that a bot cannot consult a hidden
// fact: nothing in it was not shown to that seat.
type Knowledge struct {
	// Seat is the seat that acts.
	Seat Seat
	// View is State.View of the seat's viewer.
	View proto.Message
	// History holds every game event so far, in order, each as
	// [Event.For] gives it to the seat (an event the seat learns nothing
	// of is present, empty, as its sequence number is public).
	History []Event
	// Prompt is the seat's prompt, with its Legal commands.
	Prompt Prompt
}

// KnowledgeOf returns what seat p.Seat may know of a game whose state is st
// and whose game events so far are log: the one place where a bot's input
// is redacted, for the service, the arena and the tests alike.
func KnowledgeOf(st State, log []Event, p Prompt) Knowledge {
	v := SeatViewer(p.Seat)
	k := Knowledge{Seat: p.Seat, View: st.View(v), History: make([]Event, len(log)), Prompt: p}
	for i, ev := range log {
		k.History[i] = ev.For(v)
	}
	return k
}

// Histories keeps every seat's redacted history of one game as the game
// grows: a host that asks for a seat's [Knowledge] at every decision
// redacts each event once per seat, not the whole log each time. Its
// Knowledge is [KnowledgeOf]'s.
type Histories struct {
	seats [][]Event
}

// NewHistories returns the empty histories of a table of players.
func NewHistories(players int) *Histories {
	return &Histories{seats: make([][]Event, players)}
}

// Append adds the game's next events, redacted for each seat.
func (h *Histories) Append(evs ...Event) {
	for i := range h.seats {
		v := SeatViewer(Seat(i))
		for _, ev := range evs {
			h.seats[i] = append(h.seats[i], ev.For(v))
		}
	}
}

// Knowledge returns what p.Seat may know of the game whose state is st
// and whose events so far are those appended. Its History is shared with
// later calls: a bot reads it and never changes it.
func (h *Histories) Knowledge(st State, p Prompt) Knowledge {
	return Knowledge{Seat: p.Seat, View: st.View(SeatViewer(p.Seat)), History: slices.Clip(h.seats[p.Seat]), Prompt: p}
}

// Bot is a seeded player that picks a seat's command from its [Knowledge]
// alone: it never sees a state. It draws randomness only from r, so that
// its choice is a function of the knowledge and the generator, and a bot's
// game can be re-run from its seed ([BotRand]). A Bot is safe for
// concurrent use: it keeps nothing between calls.
type Bot interface {
	// Choose returns the command for k.Prompt, one of the commands the
	// rules accept, or an error when it cannot choose (k is not a history
	// of its game); the caller then falls back to one of k.Prompt.Legal.
	// A nil command with no error passes: the bot leaves unanswered a
	// prompt that need not be answered (MustAct false), such as an offer
	// to act out of turn.
	Choose(k Knowledge, r *Rand) (proto.Message, error)
}

// PolicyBot returns p as a Bot: it reads the view and the prompt of the
// knowledge and ignores the history. A nil choice passes on a prompt that
// need not be answered and is an error on one that must.
func PolicyBot(p Policy) Bot { return policyBot{p} }

type policyBot struct{ p Policy }

func (b policyBot) Choose(k Knowledge, r *Rand) (proto.Message, error) {
	if c := b.p.Choose(k.View, k.Prompt, r); c != nil {
		return c, nil
	}
	if !k.Prompt.MustAct {
		return nil, nil
	}
	return nil, fmt.Errorf("engine: the policy offers nothing for %v (%s)", k.Seat, k.Prompt.Reason)
}

// UniformBot plays one of the prompt's legal commands, uniformly: the bot
// of a game without a policy.
var UniformBot Bot = uniformBot{}

type uniformBot struct{}

func (uniformBot) Choose(k Knowledge, r *Rand) (proto.Message, error) {
	if len(k.Prompt.Legal) == 0 {
		return nil, fmt.Errorf("engine: %v has no legal command listed (%s)", k.Seat, k.Prompt.Reason)
	}
	return k.Prompt.Legal[r.IntN(len(k.Prompt.Legal))], nil
}

// Level is how strongly a bot plays. A table names it per bot seat; the
// empty level is [LevelNormal].
type Level string

// The levels, weakest first.
const (
	// LevelEasy plays the game's goal-aware heuristic: cheap, and a fair
	// opponent for a beginner.
	LevelEasy Level = "easy"
	// LevelNormal searches with a small budget; the default.
	LevelNormal Level = "normal"
	// LevelHard searches with a large budget.
	LevelHard Level = "hard"
)

// Levels lists every level, weakest first.
func Levels() []Level { return []Level{LevelEasy, LevelNormal, LevelHard} }

// ParseLevel returns the level named s; "" is [LevelNormal]. An unknown name
// is a Malformed refusal (BAD_OPTIONS), for a table option.
func ParseLevel(s string) (Level, error) {
	switch l := Level(s); l {
	case "":
		return LevelNormal, nil
	case LevelEasy, LevelNormal, LevelHard:
		return l, nil
	}
	return "", Malform(ReasonBadOptions, "unknown bot level %q: easy, normal or hard", s)
}

// Bots are a game's bots, one per level. A level left nil falls back to the
// next weaker one that is set.
type Bots struct {
	Easy, Normal, Hard Bot
}

// At returns the bot of level l ("" and an unknown level are normal), or
// nil when no bot at or below l is set.
func (b Bots) At(l Level) Bot {
	if l == LevelHard && b.Hard != nil {
		return b.Hard
	}
	if l != LevelEasy && b.Normal != nil {
		return b.Normal
	}
	return b.Easy
}

// Bot returns the module's bot of level l: its Bots' of that level, with
// the defaults of [Module.Defaults] (a weaker level's, the Policy's, or
// the uniform bot).
func (m Module) Bot(l Level) Bot { return m.Defaults().Bots.At(l) }

// BotRand returns the generator of seat's bot for the decision whose first
// event will have sequence number seq, derived from the game's secret seed
// apart from [CommandRand] (the bot never learns a roll from it). A host
// that draws every bot decision from it can re-run the bots of a finished
// game from its revealed seed and log, and check that each bot command is
// the one its bot would choose.
func BotRand(seed []byte, seq int64, seat Seat) *Rand {
	h := sha256.New()
	h.Write([]byte("moonshine/engine/bot/v1\x00"))
	h.Write(seed)
	var b [16]byte
	binary.BigEndian.PutUint64(b[:8], uint64(seq))
	binary.BigEndian.PutUint64(b[8:], uint64(seat))
	h.Write(b[:])
	var key [32]byte
	copy(key[:], h.Sum(nil))
	return NewRand(key)
}

// FirstLegal returns a Policy that plays the first of a prompt's legal
// commands that match (a named default, such as a pass, for
// [Module.Timeout]), and offers nothing when none does.
func FirstLegal(match func(cmd proto.Message) bool) Policy { return firstLegal(match) }

type firstLegal func(cmd proto.Message) bool

func (f firstLegal) Choose(_ proto.Message, p Prompt, _ *Rand) proto.Message {
	for _, c := range p.Legal {
		if f(c) {
			return c
		}
	}
	return nil
}
