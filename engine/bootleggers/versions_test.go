package bootleggers_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/bootleggers"
	"github.com/moonshine-games/moonshine/engine/bootleggers/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
)

// recordedGame is a stored game as testdata/versions holds it: what the
// service stores of a game (its configuration with the rules version it
// was created under, its seed, its command log and its events), each body
// in protojson. The files were recorded by the build before rules version
// 3 (commit 5fe65db): seeded games of easy bots, every out-of-turn offer
// asked (playtest.Table with Optional).
type recordedGame struct {
	RulesVersion string          `json:"rules_version"`
	Seed         string          `json:"seed"`
	Players      int             `json:"players"`
	Options      json.RawMessage `json:"options"`
	Commands     []struct {
		Seat    int             `json:"seat"`
		Command json.RawMessage `json:"command"`
		First   int64           `json:"first"`
		Last    int64           `json:"last"`
	} `json:"commands"`
	Events []struct {
		Seq     int64           `json:"seq"`
		Public  json.RawMessage `json:"public"`
		Private []struct {
			Seats []int           `json:"seats"`
			Body  json.RawMessage `json:"body"`
		} `json:"private"`
	} `json:"events"`
}

// loaded is a recorded game decoded for engine.Verify.
type loaded struct {
	cfg      engine.Config
	seed     []byte
	commands []engine.Logged
	events   []engine.Recorded
}

func loadRecorded(t *testing.T, path string) loaded {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var g recordedGame
	if err := json.Unmarshal(raw, &g); err != nil {
		t.Fatal(err)
	}
	decode := func(b json.RawMessage, m proto.Message) proto.Message {
		t.Helper()
		if err := protojson.Unmarshal(b, m); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		return m
	}
	out := loaded{seed: []byte(g.Seed),
		cfg: engine.Config{Players: g.Players, Options: decode(g.Options, &pb.Options{}), RulesVersion: g.RulesVersion}}
	for _, c := range g.Commands {
		out.commands = append(out.commands, engine.Logged{Seat: engine.Seat(c.Seat), Command: decode(c.Command, &pb.Command{}),
			FirstSeq: c.First, LastSeq: c.Last})
	}
	for _, e := range g.Events {
		ev := engine.Event{}
		if len(e.Public) > 0 {
			ev.Public = decode(e.Public, &pb.Event{})
		}
		for _, s := range e.Private {
			var seats []engine.Seat
			for _, x := range s.Seats {
				seats = append(seats, engine.Seat(x))
			}
			ev.Private = append(ev.Private, engine.PrivateTo(decode(s.Body, &pb.Event{}), seats...))
		}
		out.events = append(out.events, engine.Recorded{Seq: e.Seq, Event: ev})
	}
	return out
}

// Old games keep verifying under the rules version they were played with:
// a game recorded under rules version 2 (its configuration says "2", its
// GameStarted house version 2) re-runs event for event from its seed and
// commands, though this build's new tables play version 3. Played under
// version 3 instead, the same deal and commands give other events in play
// (the speakeasies' prices, the taxes, a casino owner's turn), which is
// what the recorded version saves the game from.
func TestGamesRecordedUnderRulesVersion2StillVerify(t *testing.T) {
	files, err := filepath.Glob("testdata/versions/rules-2-*.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no recorded games (%v)", err)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			g := loadRecorded(t, f)
			if g.cfg.RulesVersion != "2" || len(g.commands) < 100 {
				t.Fatalf("recorded under rules %q with %d commands", g.cfg.RulesVersion, len(g.commands))
			}
			if v := g.events[0].Event.Public.(*pb.Event).GetGameStarted().GetHouseRulesVersion(); v != 2 {
				t.Fatalf("GameStarted records house rules version %d", v)
			}
			if err := engine.Verify(bootleggers.Module(), g.cfg, g.seed, g.commands, g.events); err != nil {
				t.Fatalf("a game recorded under rules 2 does not verify: %v", err)
			}
			// A game whose configuration names no version is one of the
			// first hosted, which played version 2 (engine.UnrecordedRulesVersion).
			unrecorded := g.cfg
			unrecorded.RulesVersion = engine.UnrecordedRulesVersion
			if err := engine.Verify(bootleggers.Module(), unrecorded, g.seed, g.commands, g.events); err != nil {
				t.Errorf("the game as an unrecorded one does not verify: %v", err)
			}
			now := g.cfg
			now.RulesVersion = bootleggers.RulesVersion
			if err := engine.Verify(bootleggers.Module(), now, g.seed, g.commands, g.events); err == nil {
				t.Fatal("the game verifies under rules 3 too")
			}
			seq, why := departure(t, now, g)
			if seq <= 1 {
				t.Fatalf("under rules 3 the game departs at event %d only (%s): its play does not tell the versions apart", seq, why)
			}
			t.Logf("under rules 3 the game's play departs at event %d: %s", seq, why)
			// The rules version each game is played with is recorded in its
			// state: views of the old game show version 2's prices.
			st := bootleggers.Rules{}.NewState()
			for _, r := range g.events[:20] {
				for _, b := range r.Event.Bodies() {
					if err := st.Apply(b); err != nil {
						t.Fatal(err)
					}
				}
			}
			for _, p := range st.View(engine.SpectatorViewer()).(*pb.View).GetPlaces() {
				if n, ok := printed.HouseV2.Speakeasy(p.GetPlace()); ok && p.GetInPlay() && int(p.GetPrice()) != n.Price {
					t.Errorf("%v pays %dG a crate in the old game's view, want version 2's %dG", p.GetPlace(), p.GetPrice(), n.Price)
				}
			}
		})
	}
}

// departure plays g's deal and commands under cfg and returns the first
// event after GameStarted (which records the version) that differs from
// the recorded one, and why; 0 if none does.
func departure(t *testing.T, cfg engine.Config, g loaded) (int64, string) {
	t.Helper()
	game, setup, err := engine.Start(bootleggers.Rules{}, cfg, g.seed)
	if err != nil {
		t.Fatal(err)
	}
	for i, ev := range setup[1:] {
		if !engine.EqualEvents(ev, g.events[i+1].Event) {
			return int64(i + 2), "the deal differs"
		}
	}
	at := len(setup)
	for _, c := range g.commands {
		game.Version = c.FirstSeq - 1
		evs, after, err := game.Decide(c.Seat, c.Command)
		if err != nil {
			return c.FirstSeq, "the command is refused: " + err.Error()
		}
		for i, ev := range evs {
			if at+i >= len(g.events) || !engine.EqualEvents(ev, g.events[at+i].Event) {
				return c.FirstSeq + int64(i), fmt.Sprintf("%v's command gives another %T", c.Seat, ev.Public.(*pb.Event).GetKind())
			}
		}
		if len(evs) != int(c.LastSeq-c.FirstSeq+1) {
			return c.FirstSeq, "it writes another number of events"
		}
		game = after
		at += len(evs)
	}
	return 0, ""
}

// The rules version the service records is the House table's: raising
// one raises the other; the engine plays every version of printed.HouseTables,
// the newest RulesVersion.
func TestRulesVersionFollowsTheHouseTable(t *testing.T) {
	if bootleggers.RulesVersion != strconv.Itoa(printed.HouseRulesVersion) || bootleggers.Module().RulesVersion != bootleggers.RulesVersion {
		t.Errorf("rules version %q, house rules version %d", bootleggers.RulesVersion, printed.HouseRulesVersion)
	}
	got := bootleggers.RulesVersions()
	if len(got) != len(printed.HouseTables) || got[len(got)-1] != bootleggers.RulesVersion {
		t.Errorf("versions %v for %d house tables: the newest is not RulesVersion %s", got, len(printed.HouseTables), bootleggers.RulesVersion)
	}
}

// The new version is the default for new tables; a stored game names its
// own; a version this engine does not play is refused.
func TestSetupPlaysTheRulesVersionNamed(t *testing.T) {
	if bootleggers.RulesVersion != strconv.Itoa(printed.HouseRulesVersion) || bootleggers.Module().RulesVersion != "3" {
		t.Fatalf("RulesVersion %q, HouseRulesVersion %d", bootleggers.RulesVersion, printed.HouseRulesVersion)
	}
	for _, c := range []struct {
		rules string
		house int32
	}{{"", 3}, {"3", 3}, {"2", 2}, {engine.UnrecordedRulesVersion, 2}} {
		_, evs, err := engine.Start(bootleggers.Rules{}, engine.Config{Players: 4, RulesVersion: c.rules}, []byte("versions"))
		if err != nil {
			t.Fatalf("rules %q: %v", c.rules, err)
		}
		if v := evs[0].Public.(*pb.Event).GetGameStarted().GetHouseRulesVersion(); v != c.house {
			t.Errorf("rules %q: GameStarted records house rules version %d, want %d", c.rules, v, c.house)
		}
	}
	for _, rules := range []string{"4", "two", "0"} {
		_, _, err := engine.Start(bootleggers.Rules{}, engine.Config{Players: 4, RulesVersion: rules}, []byte("versions"))
		if re, ok := engine.AsRuleError(err); !ok || re.Reason != engine.ReasonBadOptions {
			t.Errorf("rules %q: %v, want %s", rules, err, engine.ReasonBadOptions)
		}
	}
	// A GameStarted of a version this engine does not play is a corrupt
	// log.
	st := bootleggers.Rules{}.NewState()
	if err := st.Apply(&pb.Event{Kind: &pb.Event_GameStarted{GameStarted: &pb.GameStarted{Players: 4, HouseRulesVersion: 9}}}); err == nil {
		t.Error("a GameStarted of house rules version 9 applied")
	}
}
