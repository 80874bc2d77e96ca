package boozebarons

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"google.golang.org/protobuf/proto"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/playtest"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/boozebarons/v1"
)

// TestContract runs every check of the game contract
// (engine/playtest.Conform) with the game's invariants and random
// commands.
func TestContract(t *testing.T) {
	playtest.Conform(t, Module(), playtest.GameChecks{Invariant: invariant, RandomCommand: randomCommand})
}

// TestModuleVariantsStart: each variant starts a game with its options.
func TestModuleVariantsStart(t *testing.T) {
	m := Module()
	for _, v := range m.Variants {
		for _, n := range []int{v.MinPlayers, v.MaxPlayers} {
			cfg, err := m.Table(v.Name, n)
			if err != nil {
				t.Fatalf("%s, %d players: %v", v.Name, n, err)
			}
			_, evs, err := engine.Start(m.Rules, cfg, []byte(v.Name))
			if err != nil {
				t.Fatalf("%s, %d players: %v", v.Name, n, err)
			}
			got := evs[0].Public.(*pb.Event).GetGameStarted().GetOptions()
			want, _ := proto.Clone(got).(*pb.Options)
			if v.Options != nil {
				proto.Merge(want, v.Options)
			}
			if !proto.Equal(got, want) {
				t.Errorf("%s: the game started with %v", v.Name, got)
			}
		}
	}
}

// TestBoard: the printed data served to clients is the data the rules read,
// and the Dealing Booze rows are those of the rulebook's examples: "in a six
// player game, two cards would be added from each Mob", "in a four player
// game, one card would be added from each Mob ... and add one of those
// cards to the pile".
func TestBoard(t *testing.T) {
	b := Module().Board.(*pb.Board)
	if len(b.Locations) != len(Locations) || len(b.Mobs) != len(Mobs) || len(b.Deck) != DeckSize || len(b.Tables) != MaxPlayers-MinPlayers+1 {
		t.Fatalf("board sizes: %d locations, %d mobs, %d cards, %d tables", len(b.Locations), len(b.Mobs), len(b.Deck), len(b.Tables))
	}
	for i, l := range b.Locations {
		if l.Location != Locations[i] || l.Name == "" || l.Event == "" || l.Passive != (l.Location == caves) || (l.EventSideB != "") != (l.Location == docks) {
			t.Errorf("location %d: %v", i, l)
		}
	}
	for _, m := range b.Mobs {
		for _, bt := range m.BoozeTypes {
			if MobOf(bt.BoozeType) != m.Mob || bt.Name == "" {
				t.Errorf("%v lists %v", m.Mob, bt)
			}
		}
		if len(m.BoozeTypes) != 4 {
			t.Errorf("%v has %d Booze types", m.Mob, len(m.BoozeTypes))
		}
	}
	for id, c := range b.Deck {
		if !proto.Equal(c, FaceOf(int32(id))) {
			t.Errorf("card %d: %v", id, c)
		}
	}
	rows := map[int32]*pb.TableSize{}
	for _, r := range b.Tables {
		rows[r.Players] = r
		pile := int(r.BoozePerMob) * len(Mobs)
		if r.BoozeFromRest {
			pile++
		}
		if pile < int(r.Players) || r.SnitchTokens != int32(SnitchTokens(int(r.Players))) || r.Refill < r.RefillRoundedDown {
			t.Errorf("%d players: %v", r.Players, r)
		}
	}
	if six, four := rows[6], rows[4]; six.BoozePerMob != 2 || six.BoozeFromRest || four.BoozePerMob != 1 || !four.BoozeFromRest {
		t.Errorf("six players %v, four players %v", six, four)
	}
	if !rows[4].LonePlayerDoubled || rows[6].LonePlayerDoubled || !rows[8].ThreeCountTwo || rows[9].ThreeCountTwo {
		t.Error("the scoring rows for four, six, eight and nine players")
	}
}

// TestDealingFollowsTheTable: every deal takes no more cards from a Mob
// than its row allows.
func TestDealingFollowsTheTable(t *testing.T) {
	for n := MinPlayers; n <= MaxPlayers; n++ {
		perMob, fromRest := BoozeDealing(n)
		limit := perMob
		if fromRest {
			limit++
		}
		for i := range 20 {
			count := map[pb.Mob]int{}
			for _, b := range DealBooze(n, engine.CommandRand([]byte(fmt.Sprint(i)), 1)) {
				count[MobOf(b)]++
			}
			for m, c := range count {
				if c > limit {
					t.Fatalf("%d players: %d cards of %v, at most %d", n, c, m, limit)
				}
			}
		}
	}
}

func TestLabelsNameEveryKind(t *testing.T) {
	l, v := Labels{}, engine.SeatViewer(1)
	for _, e := range events.All() {
		if got := l.Event(v, e); got == "" || strings.HasPrefix(got, "not a") {
			t.Errorf("%s: %q", events.Name(e), got)
		}
	}
	for _, c := range commands.All() {
		if got := l.Command(v, c); got == "" || strings.HasPrefix(got, "not a") {
			t.Errorf("%s: %q", commands.Name(c), got)
		}
	}
	if got := l.Event(v, &pb.Command{}); !strings.HasPrefix(got, "not a") {
		t.Errorf("a command labelled as an event: %q", got)
	}
}

func TestLabelsSpeakToTheViewer(t *testing.T) {
	l := Labels{}
	stolen := wrap(&pb.Stolen{Seat: 2, From: 1, CardId: 12})
	for _, c := range []struct {
		v    engine.Viewer
		want string
	}{
		{engine.SeatViewer(1), "seat 2 stole #12 Seedy Pete's (Punching Bag Porter, Dolled Up Blonde, Reach for the Sky Rye, Big House Brandy) from you"},
		{engine.SeatViewer(2), "you stole #12 Seedy Pete's (Punching Bag Porter, Dolled Up Blonde, Reach for the Sky Rye, Big House Brandy) from seat 1"},
		{engine.SpectatorViewer(), "seat 2 stole #12 Seedy Pete's (Punching Bag Porter, Dolled Up Blonde, Reach for the Sky Rye, Big House Brandy) from seat 1"},
	} {
		if got := l.Event(c.v, stolen); got != c.want {
			t.Errorf("%v reads %q, want %q", c.v, got, c.want)
		}
	}
	if got := l.Event(engine.SeatViewer(0), wrap(&pb.BoozeCard{Seat: 0, BoozeType: chardonnay})); got != "your Booze card: Shifty's Chardonnay" {
		t.Errorf("own Booze card: %q", got)
	}
	if got := l.Command(engine.SeatViewer(0), Cmd(&pb.ChooseMovement{Location: officers})); got != "move to Officer's Club" {
		t.Errorf("a move: %q", got)
	}
}

// TestGoldenLabels keeps, under testdata/golden, the labels of the golden
// game's first 60 events as seat 0 and a spectator read them, and of the
// commands offered to seat 0 along the way (run with -update to rewrite).
func TestGoldenLabels(t *testing.T) {
	res, err := playtest.Play(playtest.Config{Rules: Rules{}, Table: engine.Config{Players: 4}, Seed: []byte("golden")})
	if err != nil {
		t.Fatal(err)
	}
	l := Labels{}
	for name, v := range map[string]engine.Viewer{"seat0": engine.SeatViewer(0), "spectator": engine.SpectatorViewer()} {
		var buf bytes.Buffer
		g := engine.NewGame(Rules{}, nil)
		for _, r := range res.Events[:60] {
			for _, p := range g.State.Prompts() {
				if v.IsSeat(p.Seat) && len(p.Legal) > 0 {
					offered := make([]string, len(p.Legal))
					for i, c := range p.Legal {
						offered[i] = l.Command(v, c)
					}
					fmt.Fprintf(&buf, "  offered: %s\n", strings.Join(slices.Compact(offered), " | "))
				}
			}
			for _, body := range r.Event.For(v).Bodies() {
				fmt.Fprintf(&buf, "%d %s\n", r.Seq, l.Event(v, body))
			}
			if err := g.Apply(r.Event); err != nil {
				t.Fatal(err)
			}
		}
		path := filepath.Join("testdata", "golden", "labels-"+name+".txt")
		if *update {
			if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (run with -update to create)", err)
		}
		if !bytes.Equal(buf.Bytes(), want) {
			t.Errorf("%s differs from the golden file (run with -update and review the diff)", path)
		}
	}
}

// TestTimeoutPasses: a seat whose turn timer ran out plays the printed
// PASS in its turn ("You may choose to pass and do nothing on your turn");
// where no pass is printed (sealing a Movement card, a Tail's choice) the
// module offers nothing, and the seat's bot chooses.
func TestTimeoutPasses(t *testing.T) {
	m := Module()
	tb := newTable(t, nil, four)
	choose := func() proto.Message {
		ps := tb.g.State.Prompts()
		if len(ps) == 0 {
			t.Fatal("no prompt")
		}
		return m.Timeout.Choose(tb.g.State.View(engine.SeatViewer(ps[0].Seat)), ps[0], engine.NewRand([32]byte{}))
	}
	if c := choose(); c != nil {
		t.Fatalf("sealing a Movement card: the timeout default is %v, want none (the bot chooses)", c)
	}
	tb.move(casino, casino, casino, casino)
	c := choose()
	if !isPass(c) {
		t.Fatalf("an action turn: the timeout default is %v, want Pass", c)
	}
	seat := tb.st().turn
	if _, _, err := tb.g.Decide(engine.Seat(seat), c); err != nil {
		t.Fatalf("the rules refuse the timeout default: %v", err)
	}
}
