package games_test

import (
	"errors"
	"testing"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/boozebarons"
	bbprinted "github.com/moonshine-games/moonshine/engine/boozebarons/printed"
	"github.com/moonshine-games/moonshine/engine/kingdom/printed"
	"github.com/moonshine-games/moonshine/engine/kingdom/strategy"
	"github.com/moonshine-games/moonshine/games"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/boozebarons/v1"
	mkpb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/wrapperspb"
)

// TestDefault checks that every hosted game fits the envelopes, and that
// each is registered with its module: the Kingdom's bots play its
// strategy, Booze Barons' uniformly.
func TestDefault(t *testing.T) {
	r := games.Default()
	for _, name := range []string{"booze-barons", "moonshine-kingdom"} {
		if _, ok := r.Lookup(name); !ok {
			t.Fatalf("%s not hosted: %v", name, r.Names())
		}
	}
	if got := len(r.Modules()); got != len(r.Names()) {
		t.Fatalf("%d modules for %d names", got, len(r.Names()))
	}
	mk, _ := r.Lookup("moonshine-kingdom")
	if _, ok := mk.Policy.(strategy.Policy); !ok || mk.Title != "Moonshine Kingdom" {
		t.Errorf("the Kingdom's module: policy %T, title %q", mk.Policy, mk.Title)
	}
	bo, ok := mk.Variant("blood-oath")
	if !ok || bo.MinPlayers != 4 || bo.MaxPlayers != 4 || !bo.Options.(*mkpb.Options).GetBloodOath() {
		t.Errorf("the Blood Oath variant: %+v", bo)
	}
	if cfg, err := mk.Table("blood-oath", 3); err == nil {
		t.Errorf("a 3-player Blood Oath table: %+v", cfg)
	}
	for _, c := range []struct {
		players int
		opts    proto.Message
		want    string
	}{
		{4, &mkpb.Options{BloodOath: true}, "blood-oath"},
		{3, &mkpb.Options{BloodOath: true}, ""},
		{3, nil, "standard"},
		{2, &mkpb.Options{}, "standard"},
		{4, &mkpb.Options{BloodOath: true, SitDownAt: 3}, ""},
	} {
		if got := mk.VariantOf(c.players, c.opts); got != c.want {
			t.Errorf("VariantOf(%d, %v) = %q, want %q", c.players, c.opts, got, c.want)
		}
	}
	kr := mk.Describe(true)
	if kr.GetTitle() != "Moonshine Kingdom" || kr.GetMinPlayers() != 2 || kr.GetMaxPlayers() != 4 || !kr.GetLabelled() ||
		!proto.Equal(kr.GetBoard().GetMoonshineKingdom(), printed.Board()) ||
		len(kr.GetVariants()) != 2 || !kr.GetVariants()[1].GetOptions().GetMoonshineKingdom().GetBloodOath() || kr.GetVariants()[0].GetOptions() != nil {
		t.Errorf("the Kingdom described: %v", kr)
	}
	bbg, _ := r.Lookup("booze-barons")
	br := bbg.Describe(true)
	if !br.GetLabelled() || !proto.Equal(br.GetBoard().GetBoozeBarons(), bbprinted.Board()) || len(br.GetVariants()) != 3 || br.GetVariants()[0].GetName() != "standard" {
		t.Errorf("Booze Barons described: %v", br)
	}
	if bbg.Describe(false).GetBoard() != nil {
		t.Error("a description without the board has one")
	}
	if bbg.Policy != nil || bbg.Labels == nil || bbg.Board == nil {
		t.Errorf("Booze Barons' module: policy %T, labels %T, board %T", bbg.Policy, bbg.Labels, bbg.Board)
	}
}

// TestKingdomEnvelopes checks that Moonshine Kingdom's messages go in their
// own envelope fields and that another game's are refused.
func TestKingdomEnvelopes(t *testing.T) {
	r := games.Default()
	mk, _ := r.Lookup("moonshine-kingdom")
	bbg, _ := r.Lookup("booze-barons")
	cmd := &mkpb.Command{Kind: &mkpb.Command_LayLow{LayLow: &mkpb.LayLow{}}}
	env := mk.WrapCommand(cmd)
	if env.GetMoonshineKingdom() == nil {
		t.Fatalf("command not in the moonshine_kingdom field: %v", env)
	}
	if got, err := mk.Command(env); err != nil || !proto.Equal(got, cmd) {
		t.Errorf("command round trip: %v, %v", got, err)
	}
	if _, err := bbg.Command(env); err == nil {
		t.Error("Booze Barons accepted a Moonshine Kingdom command")
	}
	opts := &mkpb.Options{RespectToWin: 12}
	wrapped := mk.WrapOptions(opts)
	if r.OptionsModule(wrapped) != mk {
		t.Error("the options envelope does not name Moonshine Kingdom")
	}
	if got, err := mk.Options(wrapped); err != nil || !proto.Equal(got, opts) {
		t.Errorf("options round trip: %v, %v", got, err)
	}
	pub := &mkpb.Event{Kind: &mkpb.Event_ContractsDrawn{ContractsDrawn: &mkpb.ContractsDrawn{Seat: 1, Decks: []mkpb.Tier{mkpb.Tier_TIER_GIG}}}}
	priv := &mkpb.Event{Kind: &mkpb.Event_ContractsReceived{ContractsReceived: &mkpb.ContractsReceived{Seat: 1, Cards: []uint32{3}}}}
	ev := engine.Event{Public: pub, Private: []engine.Secret{engine.PrivateTo(priv, 1)}}
	stored := mk.EncodeEvent(ev)
	if stored.GetPublic().GetMoonshineKingdom() == nil || stored.GetPrivate()[0].GetBody().GetMoonshineKingdom() == nil {
		t.Fatalf("event bodies not in the moonshine_kingdom field: %v", stored)
	}
	if back, err := mk.DecodeEvent(stored); err != nil || !engine.EqualEvents(ev, back) {
		t.Errorf("event round trip: %v, %v", back, err)
	}
	if _, err := bbg.DecodeEvent(stored); err == nil {
		t.Error("Booze Barons decoded a Moonshine Kingdom event")
	}
	v := &moonshinev1.GameView{}
	mk.WrapView(v, &mkpb.View{Players: 3})
	if v.GetMoonshineKingdom().GetPlayers() != 3 {
		t.Errorf("view not in the moonshine_kingdom field: %v", v)
	}
}

// TestRoundTrip wraps and unwraps a command and an event.
func TestRoundTrip(t *testing.T) {
	g, _ := games.Default().Lookup("booze-barons")
	cmd := &pb.Command{Kind: &pb.Command_Pass{Pass: &pb.Pass{}}}
	got, err := g.Command(g.WrapCommand(cmd))
	if err != nil || !proto.Equal(got, cmd) {
		t.Errorf("command round trip: %v, %v", got, err)
	}
	body := &pb.Event{Kind: &pb.Event_Passed{Passed: &pb.Passed{Seat: 2}}}
	ev := engine.Event{Public: body, Private: []engine.Secret{engine.PrivateTo(body, 1, 2)}}
	back, err := g.DecodeEvent(g.EncodeEvent(ev))
	if err != nil || !engine.EqualEvents(ev, back) {
		t.Errorf("event round trip: %v, %v", back, err)
	}
	if _, err := g.Command(&moonshinev1.GameCommand{}); err == nil {
		t.Error("an empty command envelope was accepted")
	}
	chat := &moonshinev1.StoredEvent{Public: &moonshinev1.EventBody{Body: &moonshinev1.EventBody_Chat{Chat: &moonshinev1.ChatMessage{Text: "hi"}}}}
	if _, err := g.DecodeEvent(chat); err == nil || !games.IsChat(chat) {
		t.Error("table talk decoded as a game event")
	}
}

// foreign is a game with no field in the envelopes.
type foreign struct{ engine.Rules }

func (foreign) Name() string              { return "foreign" }
func (foreign) Players() (int, int)       { return 2, 4 }
func (foreign) NewOptions() proto.Message { return &wrapperspb.Int64Value{} }
func (foreign) NewCommand() proto.Message { return &wrapperspb.Int64Value{} }

// TestRegistrationRefused checks registration of a game the envelopes do
// not carry, of a module that does not check, and of a game twice.
func TestRegistrationRefused(t *testing.T) {
	one := []engine.Variant{{Name: "standard", MinPlayers: 2, MaxPlayers: 4}}
	if _, err := games.New(engine.Module{Rules: foreign{}, Title: "Foreign", Variants: one}); err == nil {
		t.Error("a game without envelope fields was registered")
	}
	bb := boozebarons.Module()
	bb.Variants = nil
	if _, err := games.New(bb); err == nil {
		t.Error("a module without a variant was registered")
	}
	bb = boozebarons.Module()
	bb.Board = &mkpb.Options{} // a board of another type than the envelope's
	if _, err := games.New(bb); err == nil {
		t.Error("a board the envelope does not carry was registered")
	}
	if _, err := games.New(boozebarons.Module(), boozebarons.Module()); err == nil {
		t.Error("a game was registered twice")
	}
}

// TestLabels: the registry labels a game's bodies and commands with its
// Labels, table talk in the reader's words, and a game without Labels not
// at all.
func TestLabels(t *testing.T) {
	r := games.Default()
	bbg, _ := r.Lookup("booze-barons")
	mk, _ := r.Lookup("moonshine-kingdom")
	you := engine.SeatViewer(2)
	body := bbg.WrapBody(&pb.Event{Kind: &pb.Event_Passed{Passed: &pb.Passed{Seat: 2}}})
	if got := bbg.BodyLabel(you, body); got != "you passed" {
		t.Errorf("Booze Barons' body for its seat: %q", got)
	}
	if got := bbg.CommandLabel(engine.SpectatorViewer(), &pb.Command{Kind: &pb.Command_Tail{Tail: &pb.Tail{Target: 2}}}); got != "tail seat 2" {
		t.Errorf("a command for a spectator: %q", got)
	}
	drawn := &mkpb.Event{Kind: &mkpb.Event_ContractsDrawn{ContractsDrawn: &mkpb.ContractsDrawn{Seat: 1, Decks: []mkpb.Tier{mkpb.Tier_TIER_GIG}}}}
	if got := mk.BodyLabel(you, mk.WrapBody(drawn)); got != "seat 1 draws from the Gig decks" {
		t.Errorf("the Kingdom's body: %q", got)
	}
	unlabelled := boozebarons.Module()
	unlabelled.Labels = nil
	ur, err := games.New(unlabelled)
	if err != nil {
		t.Fatal(err)
	}
	ubb, _ := ur.Lookup("booze-barons")
	if got := ubb.BodyLabel(you, body); got != "" || ubb.CommandLabel(you, &pb.Command{Kind: &pb.Command_Pass{Pass: &pb.Pass{}}}) != "" {
		t.Errorf("a game without labels labelled %q", got)
	}
	to := int32(2)
	for _, c := range []struct {
		v    engine.Viewer
		msg  *moonshinev1.ChatMessage
		want string
	}{
		{you, &moonshinev1.ChatMessage{FromSeat: 2, Text: "hi"}, "you say: hi"},
		{engine.SpectatorViewer(), &moonshinev1.ChatMessage{FromSeat: 2, Text: "hi"}, "seat 2 says: hi"},
		{engine.SeatViewer(0), &moonshinev1.ChatMessage{FromSeat: 0, Text: "psst", ToSeat: &to}, "you to seat 2 (private): psst"},
		{you, &moonshinev1.ChatMessage{FromSeat: 0, Text: "psst", ToSeat: &to}, "seat 0 to you (private): psst"},
	} {
		if got := games.TalkLabel(c.v, c.msg); got != c.want {
			t.Errorf("TalkLabel(%v, %v) = %q, want %q", c.v, c.msg, got, c.want)
		}
		chat := &moonshinev1.EventBody{Body: &moonshinev1.EventBody_Chat{Chat: c.msg}}
		if got := mk.BodyLabel(c.v, chat); got != c.want {
			t.Errorf("table talk in the events, unlabelled game: %q", got)
		}
	}
}

// TestEnvelopesCarryEveryGame wraps and unwraps each game's options,
// command and event body in the generated envelopes, and checks that
// another game's envelope is refused as ErrWrongGame.
func TestEnvelopesCarryEveryGame(t *testing.T) {
	mods := games.Default().Modules()
	for i, m := range mods {
		other := mods[(i+1)%len(mods)]
		cmd := m.Rules.NewCommand()
		if got, err := m.Command(m.WrapCommand(cmd)); err != nil || got != cmd {
			t.Errorf("%s: command round trip gave %v, %v", m.Name(), got, err)
		}
		if _, err := other.Command(m.WrapCommand(cmd)); !errors.Is(err, games.ErrWrongGame) {
			t.Errorf("%s's command taken by %s: %v", m.Name(), other.Name(), err)
		}
		opts := m.Rules.NewOptions()
		if got, err := m.Options(m.WrapOptions(opts)); err != nil || got != opts {
			t.Errorf("%s: options round trip gave %v, %v", m.Name(), got, err)
		}
		if reg := games.Default().OptionsModule(m.WrapOptions(opts)); reg == nil || reg.Name() != m.Name() {
			t.Errorf("%s: its options name another game", m.Name())
		}
		if _, err := other.Options(m.WrapOptions(opts)); !errors.Is(err, games.ErrWrongGame) {
			t.Errorf("%s's options taken by %s: %v", m.Name(), other.Name(), err)
		}
		body := m.Rules.NewEvent()
		ev, err := m.DecodeEvent(m.EncodeEvent(engine.Event{Public: body}))
		if err != nil || ev.Public != body {
			t.Errorf("%s: event round trip gave %v, %v", m.Name(), ev, err)
		}
		if _, err := other.DecodeEvent(m.EncodeEvent(engine.Event{Public: body})); !errors.Is(err, games.ErrWrongGame) {
			t.Errorf("%s's event taken by %s: %v", m.Name(), other.Name(), err)
		}
	}
}
