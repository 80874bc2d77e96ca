package gameservice_test

import (
	"bytes"
	"context"
	"errors"
	"github.com/moonshine-games/moonshine/service/rpcstatus"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/moonshine-games/moonshine/games"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/eventstore"
	"github.com/moonshine-games/moonshine/service/eventstore/pgstore"
	"github.com/moonshine-games/moonshine/service/eventstore/pgtest"
	"github.com/moonshine-games/moonshine/service/server"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
)

// The fuzz tests throw requests at a real server over PostgreSQL (the
// store that refuses most: a NUL, invalid UTF-8) hosting the real games,
// and check what the contract promises for any input: no panic, no
// INTERNAL (nor UNKNOWN), an ErrorInfo on every refusal, and no event and
// no game written by a refused request. CI runs each for a few seconds
// (.ci/run); `go test` runs their seeds.

// fuzzTable is a server with two games whose seats are all claimed.
type fuzzTable struct {
	e      *env
	store  eventstore.Store
	ids    [2]string // a Booze Barons game and a Moonshine Kingdom one
	tokens [][]string
	// newest is the last game created, so that a refusal can be checked
	// to have created none.
	newest string
}

// Placeholders of game ids in the raw-wire corpus, as long as real ids so
// that replacing them keeps the encoding's lengths right.
var fuzzPlaceholders = [2][]byte{[]byte("@@booze-barons@@"), []byte("@@moonshine-k@@@")}

func newFuzzTable(f *testing.F) *fuzzTable {
	store, err := pgstore.Open(context.Background(), pgtest.New(f))
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() { store.Close() })
	e := newEnv(f, store, func(c *server.Config) { c.Games = games.Default() })
	ft := &fuzzTable{e: e, store: store}
	for i, g := range []struct {
		game    string
		players int32
	}{{"booze-barons", 3}, {"moonshine-kingdom", 2}} {
		resp, err := e.client.CreateGame(context.Background(), &moonshinev1.CreateGameRequest{Game: g.game, Config: &moonshinev1.GameConfig{Players: g.players}})
		if err != nil {
			f.Fatal(err)
		}
		ft.ids[i] = resp.GetGame().GetGameId()
		if len(ft.ids[i]) != len(fuzzPlaceholders[i]) {
			f.Fatalf("game ids are %d bytes; the placeholders %d", len(ft.ids[i]), len(fuzzPlaceholders[i]))
		}
		var toks []string
		for seat := range g.players {
			toks = append(toks, e.join(ft.ids[i], seat))
		}
		ft.tokens = append(ft.tokens, toks)
	}
	ft.newest = ft.ids[1]
	return ft
}

// credential picks who calls: nobody, a seat of either game, the auditor,
// or a credential nobody holds.
func (ft *fuzzTable) credential(who uint8) string {
	switch who % 6 {
	case 1:
		return ft.tokens[0][0]
	case 2:
		return ft.tokens[0][1]
	case 3:
		return ft.tokens[1][0]
	case 4:
		return auditorToken
	case 5:
		return "not-a-credential"
	}
	return ""
}

// versions is what a refused request must leave as it was: the versions
// of the two games.
func (ft *fuzzTable) versions(t *testing.T) [2]int64 {
	t.Helper()
	var v [2]int64
	for i, id := range ft.ids {
		g, err := ft.store.GetGame(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		v[i] = g.Version
	}
	return v
}

// check asserts the contract for one call's answer, given the versions
// before it.
func (ft *fuzzTable) check(t *testing.T, what string, err error, before [2]int64, watch bool) {
	t.Helper()
	st := status.Convert(err)
	switch code := st.Code(); {
	case code == codes.Internal || code == codes.Unknown:
		t.Fatalf("%s: %v", what, err)
	case code == codes.DeadlineExceeded && watch, code == codes.Canceled && watch:
		return // a watch with nothing to send yet
	case code == codes.DeadlineExceeded:
		t.Fatalf("%s: no answer in time", what)
	}
	gs, lerr := ft.store.ListGames(context.Background(), eventstore.ListFilter{Limit: 10})
	if lerr != nil {
		t.Fatal(lerr)
	}
	created := slices.IndexFunc(gs, func(g eventstore.GameRecord) bool { return g.ID == ft.newest }) // listed newest first
	if err == nil {
		if len(gs) > 0 {
			ft.newest = gs[0].ID
		}
		return
	}
	var info *errdetails.ErrorInfo
	for _, d := range st.Details() {
		if i, ok := d.(*errdetails.ErrorInfo); ok {
			info = i
		}
	}
	if info.GetDomain() != rpcstatus.Domain || info.GetReason() == "" {
		t.Fatalf("%s: refused without the service's ErrorInfo: %v", what, err)
	}
	if after := ft.versions(t); after != before || created != 0 {
		t.Fatalf("%s: refused (%v) but the games went from %v to %v and %d games were created", what, err, before, after, created)
	}
}

// fuzzCall is one request built from fuzzed parts.
type fuzzCall struct {
	method         uint8
	who, game      uint8
	s1, s2         string
	n1, n2         int64
	command, other []byte
}

// gameID picks the game a request names: one of the two, or fuzzed text.
func (ft *fuzzTable) gameID(c fuzzCall) string {
	if k := c.game % 3; k > 0 {
		return ft.ids[k-1]
	}
	return c.s2
}

// do sends the request and returns its error and whether it is a watch.
func (ft *fuzzTable) do(c fuzzCall) (error, bool) {
	ctx, cancel := context.WithTimeout(as(ft.credential(c.who)), 10*time.Second)
	defer cancel()
	api := ft.e.client
	cmd := &moonshinev1.GameCommand{}
	if proto.Unmarshal(c.command, cmd) != nil {
		cmd = nil
	}
	opts := &moonshinev1.GameOptions{}
	if proto.Unmarshal(c.other, opts) != nil {
		opts = nil
	}
	id, seat := ft.gameID(c), int32(c.n2)
	var err error
	switch c.method % 12 {
	case 0:
		cfg := &moonshinev1.GameConfig{Players: int32(c.n1), Title: c.s1, Options: opts,
			Variant: []string{"", "standard", "blood-oath", c.s2}[c.game/3%4]}
		if c.n2 > 0 {
			cfg.BotSeats = []int32{int32(c.n2 % 4)} // one bot at most: a table of bots would play alone
		}
		name := []string{"booze-barons", "moonshine-kingdom", c.s2}[c.game%3]
		_, err = api.CreateGame(ctx, &moonshinev1.CreateGameRequest{Game: name, Config: cfg})
	case 1:
		req := &moonshinev1.JoinGameRequest{GameId: id, Name: c.s1}
		if c.n1%2 == 0 {
			req.Seat = &seat
		}
		_, err = api.JoinGame(ctx, req)
	case 2:
		req := &moonshinev1.SubmitCommandRequest{GameId: id, CommandId: c.s1, Command: cmd}
		if c.n1%2 != 0 {
			req.ExpectedVersion = &c.n2
		}
		_, err = api.SubmitCommand(ctx, req)
	case 3:
		req := &moonshinev1.SendMessageRequest{GameId: id, Text: c.s1, MessageId: c.s2}
		if c.n1%2 == 0 {
			req.ToSeat = &seat
		}
		_, err = api.SendMessage(ctx, req)
	case 4:
		_, err = api.GetGame(ctx, &moonshinev1.GetGameRequest{GameId: id})
	case 5:
		_, err = api.ListGames(ctx, &moonshinev1.ListGamesRequest{Game: c.s1, PageSize: int32(c.n1), PageToken: c.s2})
	case 6:
		_, err = api.GetView(ctx, &moonshinev1.GetViewRequest{GameId: id, Perspective: moonshinev1.Perspective(c.n1), Seat: seat})
	case 7:
		_, err = api.GetViewAt(ctx, &moonshinev1.GetViewAtRequest{GameId: id, Seq: c.n1, Perspective: moonshinev1.Perspective(c.n2 % 8), Seat: int32(c.n2 / 8)})
	case 8:
		wctx, wcancel := context.WithTimeout(ctx, 300*time.Millisecond)
		defer wcancel()
		stream, serr := api.WatchGame(wctx, &moonshinev1.WatchGameRequest{GameId: id, AfterSeq: c.n1, Perspective: moonshinev1.Perspective(c.n2 % 8), Seat: int32(c.n2 / 8)})
		if serr == nil {
			_, serr = stream.Recv()
		}
		return serr, true
	case 9:
		_, err = api.GetHistory(ctx, &moonshinev1.GetHistoryRequest{GameId: id, RequireComplete: c.n1%2 == 0, AfterSeq: c.n2, PageSize: int32(c.n1)})
	case 10:
		_, err = api.ListRules(ctx, &moonshinev1.ListRulesRequest{})
	case 11:
		_, err = api.GetRules(ctx, &moonshinev1.GetRulesRequest{Game: []string{"booze-barons", "moonshine-kingdom", c.s1}[c.game%3]})
	}
	return err, false
}

// FuzzRequests builds every request of the service from fuzzed fields:
// strings (valid UTF-8, as any protobuf library sends them), numbers, a
// game command and game options decoded from fuzzed bytes.
func FuzzRequests(f *testing.F) {
	ft := newFuzzTable(f)
	view, err := ft.e.client.GetView(as(ft.tokens[0][0]), &moonshinev1.GetViewRequest{GameId: ft.ids[0]})
	if err != nil {
		f.Fatal(err)
	}
	legal, err := proto.Marshal(view.GetView().GetPrompt().GetLegal()[0])
	if err != nil {
		f.Fatal(err)
	}
	for m := range uint8(12) {
		f.Add(m, uint8(1), uint8(1), "c1", "m1", int64(0), int64(1), legal, []byte(nil))
		f.Add(m, uint8(0), uint8(0), "a\x00b", "g\x00", int64(-1), int64(-9), []byte{0x0a, 0x00}, []byte{0x12, 0x00})
		f.Add(m, uint8(1), uint8(1), "a\x00b", "m\x00", int64(0), int64(0), legal, []byte(nil))
		f.Add(m, uint8(4), uint8(2), strings.Repeat("é", 600), "\u202e", int64(1<<40), int64(3), legal, []byte{0x0a, 0x02, 0x08, 0x01})
	}
	f.Fuzz(func(t *testing.T, method, who, game uint8, s1, s2 string, n1, n2 int64, command, other []byte) {
		c := fuzzCall{method: method, who: who, game: game, s1: strings.ToValidUTF8(s1, "?"), s2: strings.ToValidUTF8(s2, "?"),
			n1: n1, n2: n2, command: command, other: other}
		before := ft.versions(t)
		err, watch := ft.do(c)
		ft.check(t, "request", err, before, watch)
	})
}

// FuzzWire sends fuzzed bytes as the request of every method, as no
// protobuf library would encode them: invalid UTF-8, bad wire types,
// truncated fields, unknown fields, anything.
func FuzzWire(f *testing.F) {
	ft := newFuzzTable(f)
	seeds := []proto.Message{
		&moonshinev1.CreateGameRequest{Game: "booze-barons", Config: &moonshinev1.GameConfig{Players: 3, Title: "t"}},
		&moonshinev1.JoinGameRequest{GameId: string(fuzzPlaceholders[0]), Name: "n"},
		&moonshinev1.SubmitCommandRequest{GameId: string(fuzzPlaceholders[0]), CommandId: "c", Command: &moonshinev1.GameCommand{}},
		&moonshinev1.SendMessageRequest{GameId: string(fuzzPlaceholders[1]), Text: "hello"},
		&moonshinev1.GetGameRequest{GameId: string(fuzzPlaceholders[0])},
		&moonshinev1.ListGamesRequest{PageSize: 2},
		&moonshinev1.GetViewRequest{GameId: string(fuzzPlaceholders[1])},
		&moonshinev1.GetViewAtRequest{GameId: string(fuzzPlaceholders[0]), Seq: 1},
		&moonshinev1.WatchGameRequest{GameId: string(fuzzPlaceholders[0])},
		&moonshinev1.GetHistoryRequest{GameId: string(fuzzPlaceholders[1])},
		&moonshinev1.ListRulesRequest{},
		&moonshinev1.GetRulesRequest{Game: "booze-barons"},
	}
	for m, msg := range seeds {
		b, err := proto.Marshal(msg)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(uint8(m), uint8(1), b)
		f.Add(uint8(m), uint8(0), append(bytes.Clone(b), 0x0a, 0x02, 0xc3, 0x28)) // invalid UTF-8 in field 1
		f.Add(uint8(m), uint8(4), append(bytes.Clone(b), 0xfa, 0xe1, 0x04, 0x01, 0x00))
	}
	f.Fuzz(func(t *testing.T, method, who uint8, payload []byte) {
		for i, p := range fuzzPlaceholders {
			payload = bytes.ReplaceAll(payload, p, []byte(ft.ids[i]))
		}
		name := gameServiceMethods[int(method)%len(gameServiceMethods)]
		before := ft.versions(t)
		ctx, cancel := context.WithTimeout(as(ft.credential(who)), 10*time.Second)
		defer cancel()
		if name == "WatchGame" {
			var wcancel context.CancelFunc
			ctx, wcancel = context.WithTimeout(ctx, 300*time.Millisecond)
			defer wcancel()
		}
		err := callRaw(ctx, ft.e.conn, name, payload)
		if errors.Is(err, context.DeadlineExceeded) {
			err = status.FromContextError(err).Err()
		}
		ft.check(t, name, err, before, name == "WatchGame")
	})
}
