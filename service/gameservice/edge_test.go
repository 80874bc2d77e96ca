package gameservice_test

import (
	"context"
	"log/slog"
	"strings"
	"sync/atomic"
	"testing"

	kingdomv1 "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/eventstore"
	"github.com/moonshine-games/moonshine/service/server"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/mem"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/encoding/protowire"
	"google.golang.org/protobuf/proto"
)

// errorCounter is a slog handler that counts records at ERROR and above.
type errorCounter struct{ n atomic.Int64 }

func (c *errorCounter) Enabled(context.Context, slog.Level) bool { return true }
func (c *errorCounter) Handle(_ context.Context, r slog.Record) error {
	if r.Level >= slog.LevelError {
		c.n.Add(1)
	}
	return nil
}
func (c *errorCounter) WithAttrs([]slog.Attr) slog.Handler { return c }
func (c *errorCounter) WithGroup(string) slog.Handler      { return c }

// badField returns the code, the ErrorInfo reason and the field the
// BadRequest detail names.
func badField(err error) (codes.Code, string, string) {
	code, reason := reasonOf(err)
	field := ""
	for _, d := range status.Convert(err).Details() {
		if br, ok := d.(*errdetails.BadRequest); ok && len(br.GetFieldViolations()) > 0 {
			field = br.GetFieldViolations()[0].GetField()
		}
	}
	return code, reason, field
}

// logSize is what a refused request must leave unchanged: the games and
// every game's version.
func logSize(t *testing.T, s eventstore.Store) map[string]int64 {
	t.Helper()
	gs, err := s.ListGames(context.Background(), eventstore.ListFilter{Limit: 1000})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]int64{}
	for _, g := range gs {
		out[g.ID] = g.Version
	}
	return out
}

// TestStringsCheckedAtTheEdge sends a NUL, and other characters or lengths
// a field does not allow, in every client string of every request, on
// each store: each is INVALID_ARGUMENT, BAD_REQUEST naming the field, no
// ERROR is logged, and the log is untouched. The stores agree because no
// such string reaches them.
func TestStringsCheckedAtTheEdge(t *testing.T) {
	for _, st := range everyStore {
		t.Run(st.name, func(t *testing.T) {
			errs := &errorCounter{}
			store := st.open(t)
			e := newEnv(t, store, func(c *server.Config) { c.Logger = slog.New(errs) })
			id, tok := e.table(2)
			before := logSize(t, store)
			for _, c := range edgeCases(id) {
				code, reason, field := badField(c.call(e, tok))
				if code != codes.InvalidArgument || reason != "BAD_REQUEST" || field != c.field {
					t.Errorf("%s: got %v %s naming %q, want INVALID_ARGUMENT BAD_REQUEST naming %q", c.name, code, reason, field, c.field)
				}
			}
			if n := errs.n.Load(); n > 0 {
				t.Errorf("%d ERROR records logged for clients' mistakes", n)
			}
			after := logSize(t, store)
			if len(after) != len(before) {
				t.Errorf("refused requests created games: %d -> %d", len(before), len(after))
			}
			for g, v := range before {
				if after[g] != v {
					t.Errorf("refused requests appended to game %s: version %d -> %d", g, v, after[g])
				}
			}
		})
	}
}

type edgeCase struct {
	name, field string
	call        func(e *env, tok []string) error
}

func edgeCases(id string) []edgeCase {
	ctx := context.Background()
	nul := "a\x00b"
	seat := int32(1)
	submit := func(gameID, cmdID string) func(e *env, tok []string) error {
		return func(e *env, tok []string) error { _, err := e.submit(tok[0], gameID, cmdID, cmdDeliver(1)); return err }
	}
	say := func(text, msgID string) func(e *env, tok []string) error {
		return func(e *env, tok []string) error {
			_, err := e.client.SendMessage(as(tok[0]), &moonshinev1.SendMessageRequest{GameId: id, Text: text, MessageId: msgID})
			return err
		}
	}
	create := func(game, title string) func(e *env, _ []string) error {
		return func(e *env, _ []string) error {
			_, err := e.client.CreateGame(ctx, &moonshinev1.CreateGameRequest{Game: game, Config: &moonshinev1.GameConfig{Players: 2, Title: title}})
			return err
		}
	}
	join := func(gameID, name string) func(e *env, _ []string) error {
		return func(e *env, _ []string) error {
			_, err := e.client.JoinGame(ctx, &moonshinev1.JoinGameRequest{GameId: gameID, Seat: &seat, Name: name})
			return err
		}
	}
	list := func(game, token string) func(e *env, _ []string) error {
		return func(e *env, _ []string) error {
			_, err := e.client.ListGames(ctx, &moonshinev1.ListGamesRequest{Game: game, PageToken: token})
			return err
		}
	}
	deal := &moonshinev1.GameCommand{Game: &moonshinev1.GameCommand_MoonshineKingdom{MoonshineKingdom: &kingdomv1.Command{
		Kind: &kingdomv1.Command_ProposeDeal{ProposeDeal: &kingdomv1.ProposeDeal{To: 1, Terms: []*kingdomv1.DealTerm{
			{Kind: kingdomv1.DealTermKind_DEAL_TERM_KIND_FREE_TEXT, Text: "fine"},
			{Kind: kingdomv1.DealTermKind_DEAL_TERM_KIND_FREE_TEXT, Text: nul},
		}}}}}}
	return []edgeCase{
		{"NUL in CreateGame's game", "game", create("to\x00y", "t")},
		{"NUL in the title", "config.title", create("toy", nul)},
		{"line break in the title", "config.title", create("toy", "a\nb")},
		{"title too long", "config.title", create("toy", strings.Repeat("é", 101))},
		{"NUL in JoinGame's game_id", "game_id", join(id+"\x00", "p")},
		{"NUL in the name", "name", join(id, nul)},
		{"bidi override in the name", "name", join(id, "a\u202eb")},
		{"name too long", "name", join(id, strings.Repeat("n", 41))},
		{"NUL in SubmitCommand's game_id", "game_id", submit("\x00", "c")},
		{"NUL in the command_id", "command_id", submit(id, "c\x00")},
		{"space in the command_id", "command_id", submit(id, "c 1")},
		{"empty command_id", "command_id", submit(id, "")},
		{"command_id too long", "command_id", submit(id, strings.Repeat("c", 129))},
		{"NUL in a game's own text", "command.moonshine_kingdom.propose_deal.terms[1].text", func(e *env, tok []string) error {
			_, err := e.client.SubmitCommand(as(tok[0]), &moonshinev1.SubmitCommandRequest{GameId: id, CommandId: "d", Command: deal})
			return err
		}},
		{"NUL in the text", "text", say(nul, "")},
		{"escape in the text", "text", say("\x1b[2J", "")},
		{"empty text", "text", say("", "")},
		{"NUL in the message_id", "message_id", say("hi", "m\x00")},
		{"NUL in GetGame's game_id", "game_id", func(e *env, _ []string) error {
			_, err := e.client.GetGame(ctx, &moonshinev1.GetGameRequest{GameId: nul})
			return err
		}},
		{"game_id too long", "game_id", func(e *env, _ []string) error {
			_, err := e.client.GetGame(ctx, &moonshinev1.GetGameRequest{GameId: strings.Repeat("g", 65)})
			return err
		}},
		{"NUL in ListGames' game", "game", list(nul, "")},
		{"NUL in the page_token", "page_token", list("", nul)},
		{"NUL in GetView's game_id", "game_id", func(e *env, tok []string) error {
			_, err := e.client.GetView(as(tok[0]), &moonshinev1.GetViewRequest{GameId: nul})
			return err
		}},
		{"NUL in GetViewAt's game_id", "game_id", func(e *env, _ []string) error {
			_, err := e.client.GetViewAt(ctx, &moonshinev1.GetViewAtRequest{GameId: nul, Seq: 1})
			return err
		}},
		{"NUL in GetHistory's game_id", "game_id", func(e *env, _ []string) error {
			_, err := e.client.GetHistory(as(auditorToken), &moonshinev1.GetHistoryRequest{GameId: nul})
			return err
		}},
		{"NUL in WatchGame's game_id", "game_id", func(e *env, tok []string) error {
			stream, err := e.client.WatchGame(as(tok[0]), &moonshinev1.WatchGameRequest{GameId: nul})
			if err != nil {
				return err
			}
			_, err = stream.Recv()
			return err
		}},
	}
}

// rawCodec sends and receives bytes as they are, to put on the wire what
// no protobuf library would encode.
type rawCodec struct{}

func (rawCodec) Marshal(v any) (mem.BufferSlice, error) {
	return mem.BufferSlice{mem.SliceBuffer(*v.(*[]byte))}, nil
}
func (rawCodec) Unmarshal(data mem.BufferSlice, v any) error {
	*v.(*[]byte) = data.Materialize()
	return nil
}
func (rawCodec) Name() string { return "proto" }

// callRaw sends payload as the request of a GameService method, unary or
// (WatchGame) streaming, and returns the call's error (for a stream, that
// of its first receive).
func callRaw(ctx context.Context, conn *grpc.ClientConn, method string, payload []byte) error {
	full := "/moonshine.v1.GameService/" + method
	if method != "WatchGame" {
		var out []byte
		return conn.Invoke(ctx, full, &payload, &out, grpc.ForceCodecV2(rawCodec{}))
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	stream, err := conn.NewStream(ctx, &grpc.StreamDesc{ServerStreams: true}, full, grpc.ForceCodecV2(rawCodec{}))
	if err != nil {
		return err
	}
	if err := stream.SendMsg(&payload); err != nil {
		return err
	}
	if err := stream.CloseSend(); err != nil {
		return err
	}
	var out []byte
	return stream.RecvMsg(&out)
}

// gameServiceMethods names every GameService method.
var gameServiceMethods = []string{"CreateGame", "JoinGame", "SubmitCommand", "SendMessage", "GetGame",
	"ListGames", "GetView", "GetViewAt", "WatchGame", "GetHistory", "ListRules", "GetRules"}

// TestUndecodableRequests sends every method bytes that do not decode as
// its request: invalid UTF-8 in field 1 (a string in every request), and
// bytes that are not protobuf. Each is INVALID_ARGUMENT with the service's
// ErrorInfo, never gRPC's INTERNAL, and nothing is written. (ListRules'
// request has no field: a field 1 is an unknown field, which decodes.)
func TestUndecodableRequests(t *testing.T) {
	e := newEnv(t, nil, nil)
	id, _ := e.table(2)
	before := logSize(t, e.store)
	payloads := map[string][]byte{
		"invalid UTF-8 in field 1": {0x0a, 0x02, 0xff, 0xfe},
		"truncated field":          {0x0a, 0x05, 'a'},
		"bad wire type":            {0x0f},
	}
	for _, m := range gameServiceMethods {
		for what, p := range payloads {
			if m == "ListRules" && what == "invalid UTF-8 in field 1" {
				continue
			}
			err := callRaw(context.Background(), e.conn, m, p)
			if code, reason := reasonOf(err); code != codes.InvalidArgument || reason != "UNDECODABLE_REQUEST" {
				t.Errorf("%s with %s: got %v (%s), want INVALID_ARGUMENT UNDECODABLE_REQUEST", m, what, err, reason)
			}
		}
	}
	// A well-formed request sent the same way is served.
	valid, err := proto.Marshal(&moonshinev1.GetGameRequest{GameId: id})
	if err != nil {
		t.Fatal(err)
	}
	if err := callRaw(context.Background(), e.conn, "GetGame", valid); err != nil {
		t.Errorf("a valid GetGame as raw bytes: %v", err)
	}
	// Nor does an unknown field in protobuf's reserved range (19000 to
	// 19999) mean anything: it is dropped as any unknown field.
	reserved := protowire.AppendString(protowire.AppendTag(valid, 19999, protowire.BytesType), "not a refusal")
	if err := callRaw(context.Background(), e.conn, "GetGame", reserved); err != nil {
		t.Errorf("a valid GetGame with field 19999: %v", err)
	}
	if after := logSize(t, e.store); len(after) != len(before) {
		t.Errorf("undecodable requests created games: %d -> %d", len(before), len(after))
	}
}

// TestWatchRequestSizeLimit: WatchGame honours the request size limit, as
// unary calls do.
func TestWatchRequestSizeLimit(t *testing.T) {
	e := newEnv(t, nil, func(c *server.Config) { c.MaxMessageBytes = 1024 })
	stream, err := e.client.WatchGame(context.Background(), &moonshinev1.WatchGameRequest{GameId: strings.Repeat("g", 2000)})
	if err == nil {
		_, err = stream.Recv()
	}
	code, reason := reasonOf(err)
	if code != codes.ResourceExhausted || reason != "MESSAGE_TOO_LARGE" {
		t.Fatalf("a 2000-byte watch request over a 1024-byte limit: %v, want RESOURCE_EXHAUSTED MESSAGE_TOO_LARGE", err)
	}
	for _, d := range status.Convert(err).Details() {
		if info, ok := d.(*errdetails.ErrorInfo); ok && info.GetMetadata()["limit"] != "1024" {
			t.Errorf("limit metadata = %q, want 1024", info.GetMetadata()["limit"])
		}
	}
}
