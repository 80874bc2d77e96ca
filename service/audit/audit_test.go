package audit_test

import (
	"crypto/sha256"
	"path/filepath"
	"strings"
	"testing"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/boozebarons"
	"github.com/moonshine-games/moonshine/games"
	bbpb "github.com/moonshine-games/moonshine/proto/moonshine/boozebarons/v1"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/audit"
	"google.golang.org/protobuf/proto"
)

// finished plays a 3-seat Booze Barons game to its end with seeded random
// legal moves, with table talk (public, and private between two seats, as a
// non-party sees it: an empty event) every few commands, and returns its
// complete history as GetHistory gives it once the game is over.
func finished(t *testing.T) *moonshinev1.GetHistoryResponse {
	t.Helper()
	game, _ := games.Default().Lookup(boozebarons.Name)
	seed := sha256.Sum256([]byte("audit test"))
	cfg := &moonshinev1.GameConfig{Players: 3, RulesVersion: boozebarons.RulesVersion}
	g, setup, err := engine.Start(game.Rules, engine.Config{Players: 3}, seed[:])
	if err != nil {
		t.Fatal(err)
	}
	h := &moonshinev1.GetHistoryResponse{Complete: true}
	record := func(ev *moonshinev1.StoredEvent) {
		h.Events = append(h.Events, &moonshinev1.Event{Seq: int64(len(h.Events) + 1), Public: ev.Public, Private: ev.Private})
	}
	for _, ev := range setup {
		record(game.EncodeEvent(ev))
	}
	play(t, game, g, seed[:], h, record)
	commit := engine.SeedCommitment(seed[:])
	h.Game = &moonshinev1.GameInfo{GameId: "g1", Game: boozebarons.Name, Config: cfg, Seed: seed[:],
		SeedCommitment: commit[:], Version: g.Version, Status: moonshinev1.GameStatus_GAME_STATUS_OVER}
	return h
}

// play plays g to its end with seeded random legal moves, recording the
// commands in h and the events with record, and talk among the events
// every few commands, as games from before talk had a stream of its own
// hold it.
func play(t *testing.T, game *games.Module, g *engine.Game, seed []byte, h *moonshinev1.GetHistoryResponse, record func(*moonshinev1.StoredEvent)) {
	t.Helper()
	bot := engine.NewRand(sha256.Sum256([]byte("bot")))
	for n := 0; g.State.Outcome() == nil; n++ {
		if n%7 == 3 {
			record(talk(n))
			g.Version++
		}
		if n%11 == 5 {
			record(&moonshinev1.StoredEvent{}) // private talk between others
			g.Version++
		}
		p := g.State.Prompts()[0]
		cmd := p.Legal[bot.IntN(len(p.Legal))]
		evs, _, err := g.Decide(p.Seat, cmd)
		if err != nil {
			t.Fatal(err)
		}
		first := g.Version + 1
		if err := g.Apply(evs...); err != nil {
			t.Fatal(err)
		}
		h.Commands = append(h.Commands, &moonshinev1.LoggedCommand{CommandId: string(rune('a' + n%26)), Seat: int32(p.Seat),
			Command: game.WrapCommand(cmd), FirstSeq: first, LastSeq: g.Version})
		for _, ev := range evs {
			record(game.EncodeEvent(ev))
		}
	}
}

// talk is a public table talk event.
func talk(n int) *moonshinev1.StoredEvent {
	body := &moonshinev1.EventBody{Body: &moonshinev1.EventBody_Chat{Chat: &moonshinev1.ChatMessage{FromSeat: int32(n % 3), Text: "psst"}}}
	return &moonshinev1.StoredEvent{Public: body}
}

// TestHonestHistoryVerifies checks a game re-run from its seed.
func TestHonestHistoryVerifies(t *testing.T) {
	if err := audit.Verify(finished(t)); err != nil {
		t.Fatal(err)
	}
}

// firstBody returns the first event body of the given kind in h.
func firstBody(t *testing.T, h *moonshinev1.GetHistoryResponse, match func(*bbpb.Event) bool) (*moonshinev1.Event, *bbpb.Event) {
	t.Helper()
	for _, ev := range h.Events {
		if b := ev.GetPublic().GetBoozeBarons(); b != nil && match(b) {
			return ev, b
		}
	}
	t.Fatal("no such event")
	return nil, nil
}

// tampering changes a history and returns the seq the error must name (0:
// none in particular); kind is the error kind expected.
type tampering struct {
	name   string
	tamper func(*moonshinev1.GetHistoryResponse) int64
	kind   audit.Kind
}

// tamperings lists every kind of tampering checked.
func tamperings(t *testing.T) []tampering {
	return []tampering{
		{"event", func(h *moonshinev1.GetHistoryResponse) int64 {
			ev, b := firstBody(t, h, func(b *bbpb.Event) bool { return b.GetPassed() != nil || b.GetDelivered() != nil })
			if p := b.GetPassed(); p != nil {
				p.Seat = (p.Seat + 1) % 3
			} else {
				b.GetDelivered().CardId = (b.GetDelivered().CardId + 1) % 36
			}
			return ev.Seq
		}, audit.Mismatch},
		{"private part", func(h *moonshinev1.GetHistoryResponse) int64 {
			h.Events[1].Private[0].Seats = []int32{1}
			return 2
		}, audit.Mismatch},
		{"command", func(h *moonshinev1.GetHistoryResponse) int64 {
			c := h.Commands[0]
			c.Command.GetBoozeBarons().GetChooseMovement().Location = otherLocation(c.Command.GetBoozeBarons().GetChooseMovement().GetLocation())
			return c.FirstSeq
		}, audit.Mismatch},
		{"wrong seed", func(h *moonshinev1.GetHistoryResponse) int64 {
			h.Game.Seed = []byte("another seed")
			sum := sha256.Sum256(h.Game.Seed)
			h.Game.SeedCommitment = sum[:]
			return 1
		}, audit.Mismatch},
		{"seed not committed", func(h *moonshinev1.GetHistoryResponse) int64 {
			h.Game.Seed = append([]byte{}, h.Game.Seed...)
			h.Game.Seed[0] ^= 1
			return 0
		}, audit.BadSeed},
		{"event dropped", func(h *moonshinev1.GetHistoryResponse) int64 {
			h.Events = h.Events[:len(h.Events)-1]
			return 0
		}, audit.Malformed},
		{"incomplete", func(h *moonshinev1.GetHistoryResponse) int64 {
			h.Complete = false
			return 0
		}, audit.Incomplete},
	}
}

// TestTamperingFails checks that every kind of tampering is caught, and
// where.
func TestTamperingFails(t *testing.T) {
	for _, c := range tamperings(t) {
		t.Run(c.name, func(t *testing.T) {
			h := finished(t)
			seq := c.tamper(h)
			err := audit.Verify(h)
			e, ok := audit.AsError(err)
			if !ok {
				t.Fatalf("tampered history: got %v, want an *audit.Error", err)
			}
			if e.Kind != c.kind || (seq != 0 && e.Seq != seq) {
				t.Errorf("got %v (kind %v, seq %d), want kind %v at seq %d", err, e.Kind, e.Seq, c.kind, seq)
			}
		})
	}
}

func otherLocation(l bbpb.Location) bbpb.Location {
	if l == bbpb.Location_LOCATION_CASINO_REGALE {
		return bbpb.Location_LOCATION_RIVER_CAVES
	}
	return bbpb.Location_LOCATION_CASINO_REGALE
}

// TestFileRoundTrip checks that a saved history reads back equal and still
// verifies, in both formats.
func TestFileRoundTrip(t *testing.T) {
	h := finished(t)
	path := filepath.Join(t.TempDir(), "game.json")
	if err := audit.Save(path, h); err != nil {
		t.Fatal(err)
	}
	back, err := audit.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if !proto.Equal(h, back) {
		t.Fatal("protojson round trip changed the history")
	}
	bin, err := proto.Marshal(h)
	if err != nil {
		t.Fatal(err)
	}
	fromBin, err := audit.Unmarshal(bin)
	if err != nil || !proto.Equal(h, fromBin) {
		t.Fatalf("binary round trip: %v", err)
	}
	if err := audit.Verify(back); err != nil {
		t.Fatal(err)
	}
}

// TestVerifyNamesTheRulesVersion checks histories recorded under another
// rules version than this build's: one that re-runs the same verifies, and
// one that departs fails as RulesChanged, naming both versions.
func TestVerifyNamesTheRulesVersion(t *testing.T) {
	h := finished(t)
	if game, recorded, build := audit.Rules(h); game != boozebarons.Name || recorded != boozebarons.RulesVersion || build != boozebarons.RulesVersion {
		t.Fatalf("rules %s %s %s", game, recorded, build)
	}
	h.Game.Config.RulesVersion = ""
	if _, recorded, _ := audit.Rules(h); recorded != engine.UnrecordedRulesVersion {
		t.Fatalf("a game with no recorded rules version: %q", recorded)
	}
	if err := audit.Verify(h); err != nil {
		t.Fatalf("the same events under this build's rules: %v", err)
	}
	seq := tamperings(t)[0].tamper(h)
	e, ok := audit.AsError(audit.Verify(h))
	want := "recorded under booze-barons rules 1; this build plays rules " + boozebarons.RulesVersion
	if !ok || e.Kind != audit.RulesChanged || e.Seq != seq || !strings.Contains(e.Error(), want) {
		t.Fatalf("got %v, want kind %v at event %d naming %q", e, audit.RulesChanged, seq, want)
	}
}
