package gameservice_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/games"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/audit"
	"github.com/moonshine-games/moonshine/service/eventstore"
	"github.com/moonshine-games/moonshine/service/eventstore/pgstore"
	"github.com/moonshine-games/moonshine/service/eventstore/pgtest"
	"github.com/moonshine-games/moonshine/service/server"
	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/proto"
)

// everyLevel is a Booze Barons table of three bots, one at each level.
var everyLevel = &moonshinev1.GameConfig{Players: 3, BotSeats: []int32{0, 1, 2}, BotLevel: moonshinev1.BotLevel_BOT_LEVEL_HARD,
	BotLevels: map[int32]moonshinev1.BotLevel{0: moonshinev1.BotLevel_BOT_LEVEL_EASY, 1: moonshinev1.BotLevel_BOT_LEVEL_NORMAL}}

// TestBotsAtEveryLevelVerify plays a whole Booze Barons game between an
// easy, a normal and a hard bot, on memory and on PostgreSQL: the game
// verifies from its revealed seed, and every bot command is the one its
// seat's bot, at its level, chooses again from that seat's knowledge of
// the log with the generator of the seed.
func TestBotsAtEveryLevelVerify(t *testing.T) {
	for name, open := range map[string]func(t *testing.T) eventstore.Store{
		"memory": func(*testing.T) eventstore.Store { return nil },
		"postgres": func(t *testing.T) eventstore.Store {
			st, err := pgstore.Open(context.Background(), pgtest.New(t))
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { st.Close() })
			return st
		},
	} {
		t.Run(name, func(t *testing.T) {
			e := newEnv(t, open(t), func(c *server.Config) { c.Games = games.Default() })
			resp, err := e.client.CreateGame(context.Background(), &moonshinev1.CreateGameRequest{Game: "booze-barons", Config: everyLevel})
			if err != nil {
				t.Fatal(err)
			}
			want := []moonshinev1.BotLevel{moonshinev1.BotLevel_BOT_LEVEL_EASY, moonshinev1.BotLevel_BOT_LEVEL_NORMAL, moonshinev1.BotLevel_BOT_LEVEL_HARD}
			for i, s := range resp.GetGame().GetSeats() {
				if !s.GetBot() || s.GetBotLevel() != want[i] {
					t.Errorf("seat %d is %v, want a bot at %v", i, s, want[i])
				}
			}
			id := resp.GetGame().GetGameId()
			e.awaitEnd(id)
			h := e.history(auditorToken, id)
			if err := audit.VerifyWith(games.Default(), h); err != nil {
				t.Fatalf("the game does not verify from its seed: %v", err)
			}
			rerunBots(t, h, []engine.Level{engine.LevelEasy, engine.LevelNormal, engine.LevelHard})
		})
	}
}

// awaitEnd follows a game until its stream ends with the game.
func (e *env) awaitEnd(id string) {
	e.t.Helper()
	stream, err := e.client.WatchGame(context.Background(), &moonshinev1.WatchGameRequest{GameId: id})
	if err != nil {
		e.t.Fatal(err)
	}
	for {
		if _, err := stream.Recv(); err != nil {
			break
		}
	}
	info, err := e.client.GetGame(context.Background(), &moonshinev1.GetGameRequest{GameId: id})
	if err != nil {
		e.t.Fatal(err)
	}
	if info.GetGame().GetStatus() != moonshinev1.GameStatus_GAME_STATUS_OVER {
		e.t.Fatalf("the game's stream ended at status %v", info.GetGame().GetStatus())
	}
}

// rerunBots replays a finished game's log and checks that each bot
// command is what the seat's bot at levels[seat] chooses from the seat's
// knowledge (engine.KnowledgeOf) with engine.BotRand of the seed.
func rerunBots(t *testing.T, h *moonshinev1.GetHistoryResponse, levels []engine.Level) {
	t.Helper()
	mod, _ := games.Default().Lookup(h.GetGame().GetGame())
	seed := h.GetGame().GetSeed()
	g := engine.NewGame(mod.Rules, seed)
	var log []engine.Event
	next := 0 // the next command
	bots := 0
	for _, ev := range h.GetEvents() {
		for next < len(h.GetCommands()) && h.GetCommands()[next].GetFirstSeq() == ev.GetSeq() {
			c := h.GetCommands()[next]
			next++
			if !strings.HasPrefix(c.GetCommandId(), "bot:") {
				continue
			}
			bots++
			seat := engine.Seat(c.GetSeat())
			var prompt engine.Prompt
			for _, p := range g.State.Prompts() {
				if p.Seat == seat {
					prompt = p
				}
			}
			k := engine.KnowledgeOf(g.State, log, prompt)
			got, err := mod.Bot(levels[seat]).Choose(k, engine.BotRand(seed, ev.GetSeq(), seat))
			logged, _ := mod.Command(c.GetCommand())
			if err != nil || !proto.Equal(got, logged) {
				t.Fatalf("event %d: seat %d's %s bot chooses %v (%v) again, the log holds %v", ev.GetSeq(), seat, levels[seat], got, err, logged)
			}
		}
		se := &moonshinev1.StoredEvent{Public: ev.GetPublic(), Private: ev.GetPrivate()}
		if games.IsPlatform(se) {
			g.Version++
			continue
		}
		body, err := mod.DecodeEvent(se)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Apply(body); err != nil {
			t.Fatal(err)
		}
		log = append(log, body)
	}
	if bots == 0 || next != len(h.GetCommands()) {
		t.Fatalf("%d bot commands re-run, %d of %d commands matched to events", bots, next, len(h.GetCommands()))
	}
}

// TestBadBotLevelsAreRefused: a level the contract does not name, or a
// level for a seat that is not a bot's, is INVALID_ARGUMENT with the field
// named, and creates no game.
func TestBadBotLevelsAreRefused(t *testing.T) {
	e := newEnv(t, nil, func(c *server.Config) { c.Games = games.Default() })
	for name, cfg := range map[string]*moonshinev1.GameConfig{
		"config.bot_level":     {Players: 3, BotSeats: []int32{1}, BotLevel: 7},
		"config.bot_levels[1]": {Players: 3, BotSeats: []int32{1}, BotLevels: map[int32]moonshinev1.BotLevel{1: 9}},
		"config.bot_levels[2]": {Players: 3, BotSeats: []int32{1}, BotLevels: map[int32]moonshinev1.BotLevel{2: moonshinev1.BotLevel_BOT_LEVEL_HARD}},
	} {
		_, err := e.client.CreateGame(context.Background(), &moonshinev1.CreateGameRequest{Game: "booze-barons", Config: cfg})
		if code, reason := reasonOf(err); code != codes.InvalidArgument || reason != "BAD_REQUEST" || !strings.Contains(err.Error(), name) {
			t.Errorf("%s: %v (%v, %s), want INVALID_ARGUMENT, BAD_REQUEST naming the field", name, err, code, reason)
		}
	}
	gs, err := e.store.ListGames(context.Background(), eventstore.ListFilter{})
	if err != nil || len(gs) != 0 {
		t.Errorf("the refusals left %d games (%v)", len(gs), err)
	}
}

// heldBot is a bot that, once entered, says for which seat it thinks and
// waits until released: a bot that thinks for as long as a test needs.
// It answers the prompt's last legal command (the toy's pass).
type heldBot struct {
	entered chan engine.Seat
	release chan struct{}
}

func (b heldBot) Choose(k engine.Knowledge, _ *engine.Rand) (proto.Message, error) {
	b.entered <- k.Seat
	<-b.release
	return k.Prompt.Legal[len(k.Prompt.Legal)-1], nil
}

// TestBotsThinkOffTheRequestPath: while a bot thinks, the game's players
// are answered (a view, a command refused as out of turn) without waiting
// for it; once it has chosen, its command lands.
func TestBotsThinkOffTheRequestPath(t *testing.T) {
	bot := heldBot{entered: make(chan engine.Seat), release: make(chan struct{})}
	e := newEnv(t, nil, func(c *server.Config) {
		mod := toyModule()
		mod.Bots = engine.Bots{Normal: bot}
		reg, err := games.New(mod)
		if err != nil {
			t.Fatal(err)
		}
		c.Games = reg
	})
	g := e.create(2, 1)
	tok := e.join(g.GetGameId(), 0)
	e.mustSubmit(tok, g.GetGameId(), "first", cmdPass())
	<-bot.entered // the bot thinks from here until released
	ctx, cancel := context.WithTimeout(as(tok), 10*time.Second)
	defer cancel()
	if _, err := e.client.GetView(ctx, &moonshinev1.GetViewRequest{GameId: g.GetGameId()}); err != nil {
		t.Errorf("GetView while the bot thinks: %v", err)
	}
	_, err := e.client.SubmitCommand(ctx, &moonshinev1.SubmitCommandRequest{GameId: g.GetGameId(), CommandId: "early", Command: cmdPass()})
	if code, _ := reasonOf(err); code != codes.FailedPrecondition {
		t.Errorf("a command out of turn while the bot thinks: %v, want FAILED_PRECONDITION at once", err)
	}
	close(bot.release)
	evs := e.awaitEvents(g.GetGameId(), 4)
	if evs[3].GetPublic().GetBoozeBarons().GetPassed().GetSeat() != 1 {
		t.Errorf("event 4 is %v, want the bot's Pass", evs[3])
	}
}
