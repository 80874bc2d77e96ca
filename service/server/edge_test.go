package server_test

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"io"
	"net/http"
	"net/textproto"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"connectrpc.com/connect"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/eventstore/pgtest"
	"github.com/moonshine-games/moonshine/service/server"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	spb "google.golang.org/genproto/googleapis/rpc/status"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/anypb"
)

// The HTTP edge against a real server on PostgreSQL: what issue 32 found
// answered badly (a compressed body unpacked whole, an empty body or a
// query that is not UTF-8 answered INTERNAL, the Connect protocol without
// its version header and gRPC-Web's text mode answered "no RPC", a long
// path without an error body, Connect GET answered BAD_REQUEST) and field
// paths in JSON names.

// startPG runs a real server on a new PostgreSQL database.
func startPG(t *testing.T) (string, moonshinev1.GameServiceClient) {
	t.Helper()
	return startHTTP(t, server.Config{DatabaseURL: pgtest.New(t)})
}

// answer is an HTTP answer, with the refusal it carries, if any.
type answer struct {
	status int
	header http.Header
	body   []byte
	code   string   // the code's name in the Connect protocol ("invalid_argument"), "" if none
	reason string   // the ErrorInfo's reason
	fields []string // the BadRequest's field paths
	msg    string
}

// exchange sends req with hc (nil: HTTP/1.1) and reads a REST, Connect
// or gRPC-Web refusal from the answer.
func exchange(t *testing.T, hc *http.Client, req *http.Request) answer {
	t.Helper()
	if hc == nil {
		hc = &http.Client{Transport: &http.Transport{}}
	}
	resp, err := hc.Do(req)
	if err != nil {
		t.Fatalf("%s %.100s: %v", req.Method, req.URL, err)
	}
	defer resp.Body.Close()
	a := answer{status: resp.StatusCode, header: resp.Header}
	a.body, _ = io.ReadAll(resp.Body)
	var st *spb.Status
	switch ct := resp.Header.Get("Content-Type"); {
	case strings.HasPrefix(ct, "application/grpc-web-text"):
		st = grpcWebStatus(t, resp.Header, decodeTextChunks(t, a.body))
	case strings.HasPrefix(ct, "application/grpc-web"):
		st = grpcWebStatus(t, resp.Header, a.body)
	case strings.HasPrefix(ct, "application/connect+json"):
		st = connectEndStream(t, a.body)
	case ct == "application/json" && resp.StatusCode >= 400:
		st = jsonStatus(t, a.body)
	}
	if st != nil && st.GetCode() != 0 {
		a.code, a.msg = connect.Code(st.GetCode()).String(), st.GetMessage()
		for _, d := range st.GetDetails() {
			var info errdetails.ErrorInfo
			var br errdetails.BadRequest
			if d.UnmarshalTo(&info) == nil {
				a.reason = info.GetReason()
			} else if d.UnmarshalTo(&br) == nil {
				for _, v := range br.GetFieldViolations() {
					a.fields = append(a.fields, v.GetField())
				}
			}
		}
	}
	return a
}

// jsonStatus reads a REST (google.rpc.Status) or Connect error body.
func jsonStatus(t *testing.T, body []byte) *spb.Status {
	t.Helper()
	var st spb.Status
	if protojson.Unmarshal(body, &st) == nil {
		return &st
	}
	var ce map[string]any
	if err := json.Unmarshal(body, &ce); err != nil {
		t.Fatalf("error body %q: %v", body, err)
	}
	var code connect.Code
	if name, _ := ce["code"].(string); code.UnmarshalText([]byte(name)) != nil {
		t.Fatalf("error body %q: no Connect code", body)
	}
	msg, _ := ce["message"].(string)
	out := &spb.Status{Code: int32(code), Message: msg}
	details, _ := ce["details"].([]any)
	for _, d := range details {
		detail, _ := d.(map[string]any)
		typ, _ := detail["type"].(string)
		value, _ := detail["value"].(string)
		v, err := base64.RawStdEncoding.DecodeString(strings.TrimRight(value, "="))
		if err != nil {
			t.Fatal(err)
		}
		out.Details = append(out.Details, &anypb.Any{TypeUrl: "type.googleapis.com/" + typ, Value: v})
	}
	return out
}

// connectEndStream is the error of a Connect streaming answer's last
// message.
func connectEndStream(t *testing.T, body []byte) *spb.Status {
	t.Helper()
	for len(body) >= 5 {
		n := int(binary.BigEndian.Uint32(body[1:5]))
		if body[0]&0x02 != 0 {
			var end struct {
				Error json.RawMessage `json:"error"`
			}
			if err := json.Unmarshal(body[5:5+n], &end); err != nil {
				t.Fatalf("end of stream %q: %v", body[5:5+n], err)
			}
			if end.Error == nil {
				return &spb.Status{}
			}
			return jsonStatus(t, end.Error)
		}
		body = body[5+n:]
	}
	return nil
}

// grpcWebFrames splits a binary gRPC-Web body into its messages and its
// trailer block.
func grpcWebFrames(t *testing.T, body []byte) (msgs [][]byte, trailer http.Header) {
	t.Helper()
	for len(body) >= 5 {
		n := int(binary.BigEndian.Uint32(body[1:5]))
		if len(body) < 5+n {
			t.Fatalf("a gRPC-Web frame cut short: %q", body)
		}
		if body[0]&0x80 != 0 {
			tr, err := textproto.NewReader(bufio.NewReader(bytes.NewReader(append(bytes.Clone(body[5:5+n]), "\r\n"...)))).ReadMIMEHeader()
			if err != nil && err != io.EOF {
				t.Fatalf("trailers %q: %v", body[5:5+n], err)
			}
			trailer = http.Header(tr)
		} else {
			msgs = append(msgs, body[5:5+n])
		}
		body = body[5+n:]
	}
	return msgs, trailer
}

// grpcWebStatus is the status of a gRPC-Web answer, from its headers
// (trailers only) or its trailer block.
func grpcWebStatus(t *testing.T, header http.Header, body []byte) *spb.Status {
	t.Helper()
	if header.Get("Grpc-Status") == "" {
		_, header = grpcWebFrames(t, body)
	}
	if bin := header.Get("Grpc-Status-Details-Bin"); bin != "" {
		b, err := base64.RawStdEncoding.DecodeString(strings.TrimRight(bin, "="))
		if err != nil {
			t.Fatal(err)
		}
		var st spb.Status
		if err := proto.Unmarshal(b, &st); err != nil {
			t.Fatal(err)
		}
		return &st
	}
	code, err := strconv.Atoi(header.Get("Grpc-Status"))
	if err != nil {
		t.Fatalf("no grpc-status: %v %q", header, body)
	}
	return &spb.Status{Code: int32(code), Message: header.Get("Grpc-Message")}
}

// newRequest builds a request with a content type and headers.
func newRequest(t *testing.T, method, url, contentType string, body []byte, header ...string) *http.Request {
	t.Helper()
	req, err := http.NewRequest(method, url, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	return req
}

// gzipBomb is gzip that expands to n MiB of "a": one member of 1 MiB
// repeated n times (gzip readers read concatenated members as one body).
func gzipBomb(prefix string, n int) []byte {
	var member bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&member, gzip.BestCompression)
	_, _ = zw.Write(bytes.Repeat([]byte("a"), 1<<20))
	_ = zw.Close()
	var out bytes.Buffer
	zw = gzip.NewWriter(&out)
	_, _ = zw.Write([]byte(prefix))
	_ = zw.Close()
	for range n {
		out.Write(member.Bytes())
	}
	return out.Bytes()
}

func gzipped(s string) []byte {
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	_, _ = zw.Write([]byte(s))
	_ = zw.Close()
	return b.Bytes()
}

// allocated is the bytes this process has allocated so far.
func allocated() uint64 {
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.TotalAlloc
}

// TestPostgresCompressedBodyLimitedAsItExpands: a 256 MiB expansion in a
// body of some 256 KiB, over REST, the Connect protocol and gRPC-Web, is
// refused RESOURCE_EXHAUSTED, MESSAGE_TOO_LARGE (413 over REST and
// Connect) once it passes the limit, and the whole process allocates no
// more than a few MiB answering it (an unbounded decompressor allocates
// the 256 MiB). Compressed bodies within the limit are served, and a body
// that is not gzip is the client's mistake.
func TestPostgresCompressedBodyLimitedAsItExpands(t *testing.T) {
	base, _ := startPG(t)
	const expandsMiB = 256
	bomb := gzipBomb(`{"game":"booze-barons","config":{"title":"`, expandsMiB)
	frame := append([]byte{1, 0, 0, 0, 0}, gzipBomb("\x0a\x80\x80\x80\x80\x01", expandsMiB)...) // a field of 256 MiB
	binary.BigEndian.PutUint32(frame[1:5], uint32(len(frame)-5))
	for _, tc := range []struct {
		name string
		req  func() *http.Request
	}{
		{"REST", func() *http.Request {
			return newRequest(t, "POST", base+"/v1/games", "application/json", bomb, "Content-Encoding", "gzip")
		}},
		{"Connect", func() *http.Request {
			return newRequest(t, "POST", base+moonshinev1.GameService_CreateGame_FullMethodName, "application/json", bomb,
				"Content-Encoding", "gzip", "Connect-Protocol-Version", "1")
		}},
		{"gRPC-Web", func() *http.Request {
			return newRequest(t, "POST", base+moonshinev1.GameService_CreateGame_FullMethodName, "application/grpc-web+proto", frame,
				"Grpc-Encoding", "gzip")
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req := tc.req()
			runtime.GC()
			before := allocated()
			a := exchange(t, nil, req)
			grew := allocated() - before
			t.Logf("a %d KiB body expanding to %d MiB: %d, %s %s %q; the process allocated %.1f MiB meanwhile",
				len(bomb)>>10, expandsMiB, a.status, a.code, a.reason, a.msg, float64(grew)/(1<<20))
			if a.code != "resource_exhausted" || a.reason != "MESSAGE_TOO_LARGE" || (tc.name != "gRPC-Web" && a.status != 413) {
				t.Errorf("got %d %s %s %q, want 413 RESOURCE_EXHAUSTED MESSAGE_TOO_LARGE", a.status, a.code, a.reason, a.msg)
			}
			if grew > 24<<20 {
				t.Errorf("answering a %d MiB expansion allocated %.1f MiB: the body was expanded past the limit", expandsMiB, float64(grew)/(1<<20))
			}
		})
	}
	small := gzipped(`{"game":"booze-barons","config":{"players":3}}`)
	if a := exchange(t, nil, newRequest(t, "POST", base+"/v1/games", "application/json", small, "Content-Encoding", "gzip")); a.status != 200 {
		t.Errorf("a gzip REST body within the limit: %d %s", a.status, a.body)
	}
	if a := exchange(t, nil, newRequest(t, "POST", base+moonshinev1.GameService_ListRules_FullMethodName, "application/json", gzipped(`{}`),
		"Content-Encoding", "gzip", "Connect-Protocol-Version", "1")); a.status != 200 {
		t.Errorf("a gzip Connect body of an empty message: %d %s", a.status, a.body)
	}
	if a := exchange(t, nil, newRequest(t, "POST", base+"/v1/games", "application/json", []byte("not gzip at all"), "Content-Encoding", "gzip")); a.status != 400 || a.reason != "UNDECODABLE_REQUEST" {
		t.Errorf("a body that is not gzip: %d %s %s", a.status, a.code, a.reason)
	}
}

// gameServiceMethods are GameService's methods.
func gameServiceMethods(streaming bool) []string {
	var out []string
	methods := moonshinev1.File_moonshine_v1_game_service_proto.Services().ByName("GameService").Methods()
	for i := range methods.Len() {
		if m := methods.Get(i); m.IsStreamingServer() == streaming {
			out = append(out, "/moonshine.v1.GameService/"+string(m.Name()))
		}
	}
	return out
}

// TestPostgresEmptyBody: an empty body is never INTERNAL. A Connect unary
// call of JSON (with or without Connect-Protocol-Version) and a gRPC-Web
// or Connect streaming call with no message are INVALID_ARGUMENT,
// UNDECODABLE_REQUEST; a Connect call of protobuf is the empty message, as
// protobuf encodes it; over REST an empty body is the empty message, which
// the service refuses as any message without its fields, or serves.
func TestPostgresEmptyBody(t *testing.T) {
	base, c := startPG(t)
	for _, m := range gameServiceMethods(false) {
		for name, req := range map[string]*http.Request{
			"Connect JSON":             newRequest(t, "POST", base+m, "application/json", nil, "Connect-Protocol-Version", "1"),
			"Connect JSON, no version": newRequest(t, "POST", base+m, "application/json", nil),
			"gRPC-Web":                 newRequest(t, "POST", base+m, "application/grpc-web+proto", nil),
		} {
			if a := exchange(t, nil, req); a.code != "invalid_argument" || a.reason != "UNDECODABLE_REQUEST" {
				t.Errorf("%s %s, empty: %d %s %s %q", name, m, a.status, a.code, a.reason, a.body)
			}
		}
		a := exchange(t, nil, newRequest(t, "POST", base+m, "application/proto", nil, "Connect-Protocol-Version", "1"))
		if a.status >= 500 || a.code == "internal" || a.code == "unknown" {
			t.Errorf("Connect protobuf %s, empty: %d %s %s", m, a.status, a.code, a.body)
		}
	}
	a := exchange(t, nil, newRequest(t, "POST", base+moonshinev1.GameService_WatchGame_FullMethodName, "application/connect+json", nil))
	if a.code != "invalid_argument" || a.reason != "UNDECODABLE_REQUEST" {
		t.Errorf("Connect streaming WatchGame, empty: %d %s %s %q", a.status, a.code, a.reason, a.body)
	}
	for _, ct := range []string{"application/json", ""} {
		a := exchange(t, nil, newRequest(t, "POST", base+"/v1/games", ct, nil))
		if a.status != 400 || a.code != "invalid_argument" || len(a.fields) != 1 || a.fields[0] != "game" {
			t.Errorf("REST POST /v1/games, empty, Content-Type %q: %d %s %v %q", ct, a.status, a.code, a.fields, a.body)
		}
	}
	g, err := c.CreateGame(t.Context(), &moonshinev1.CreateGameRequest{Game: "booze-barons", Config: &moonshinev1.GameConfig{Players: 3}})
	if err != nil {
		t.Fatal(err)
	}
	if a := exchange(t, nil, newRequest(t, "POST", base+"/v1/games/"+g.GetGame().GetGameId()+":join", "", nil)); a.status != 200 {
		t.Errorf("REST join, empty (any seat): %d %q", a.status, a.body)
	}
}

// TestPostgresQueryNotUTF8: a query parameter that is not valid UTF-8 is
// 400, BAD_REQUEST naming it, never INTERNAL.
func TestPostgresQueryNotUTF8(t *testing.T) {
	base, c := startPG(t)
	id, _ := table(t, c, 3)
	for _, tc := range []struct{ path, field string }{
		{"/v1/games?status=%FF", "status"},
		{"/v1/games/" + id + "/view?perspective=%FF", "perspective"},
		{"/v1/games/" + id + "/views/1?perspective=%FF", "perspective"},
		{"/v1/games/" + id + "/events:watch?perspective=%FF", "perspective"},
		{"/v1/games?game=%C3%28", "game"},
	} {
		a := exchange(t, nil, newRequest(t, "GET", base+tc.path, "", nil))
		if a.status != 400 || a.code != "invalid_argument" || a.reason != "BAD_REQUEST" || len(a.fields) != 1 || a.fields[0] != tc.field {
			t.Errorf("%s: %d %s %s %v %q", tc.path, a.status, a.code, a.reason, a.fields, a.body)
		}
	}
}

// TestPostgresConnectWithoutVersionAndGRPCWebText: a Connect unary call
// without the optional Connect-Protocol-Version header is served, JSON or
// protobuf, and so is gRPC-Web's text mode, unary and streaming.
func TestPostgresConnectWithoutVersionAndGRPCWebText(t *testing.T) {
	base, c := startPG(t)
	a := exchange(t, nil, newRequest(t, "POST", base+moonshinev1.GameService_CreateGame_FullMethodName, "application/json",
		[]byte(`{"game":"booze-barons","config":{"players":3,"botSeats":[1,2]}}`)))
	var created moonshinev1.CreateGameResponse
	if a.status != 200 || protojson.Unmarshal(a.body, &created) != nil || created.GetGame().GetGameId() == "" {
		t.Fatalf("Connect JSON without Connect-Protocol-Version: %d %q", a.status, a.body)
	}
	get, _ := proto.Marshal(&moonshinev1.GetGameRequest{GameId: created.GetGame().GetGameId()})
	if a := exchange(t, nil, newRequest(t, "POST", base+moonshinev1.GameService_GetGame_FullMethodName, "application/proto", get)); a.status != 200 {
		t.Errorf("Connect protobuf without Connect-Protocol-Version: %d %q", a.status, a.body)
	}

	text := func(msg proto.Message) []byte {
		b, _ := proto.Marshal(msg)
		frame := binary.BigEndian.AppendUint32([]byte{0}, uint32(len(b)))
		return []byte(base64.StdEncoding.EncodeToString(append(frame, b...)))
	}
	a = exchange(t, nil, newRequest(t, "POST", base+moonshinev1.GameService_ListRules_FullMethodName, "application/grpc-web-text",
		text(&moonshinev1.ListRulesRequest{}), "Accept", "application/grpc-web-text"))
	if a.status != 200 || a.code != "" || a.header.Get("Content-Type") != "application/grpc-web-text+proto" {
		t.Fatalf("gRPC-Web text: %d %s %v %q", a.status, a.code, a.header, a.body)
	}
	msgs, trailer := grpcWebFrames(t, decodeTextChunks(t, a.body))
	var rules moonshinev1.ListRulesResponse
	if len(msgs) != 1 || proto.Unmarshal(msgs[0], &rules) != nil || len(rules.GetGames()) != 3 || trailer.Get("Grpc-Status") != "0" {
		t.Errorf("gRPC-Web text ListRules: %d messages, %d games, trailer %v", len(msgs), len(rules.GetGames()), trailer)
	}

	id, tokens := table(t, c, 3, 1, 2)
	play(t, c, id, tokens[0], "c1")
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	req := newRequest(t, "POST", base+moonshinev1.GameService_WatchGame_FullMethodName, "application/grpc-web-text",
		text(&moonshinev1.WatchGameRequest{GameId: id}))
	resp, err := http.DefaultClient.Do(req.WithContext(ctx))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	// Each flush ends a padded chunk: the first messages decode before the
	// stream ends.
	var got []byte
	buf := make([]byte, 4096)
	for seq := 0; seq < 3; {
		n, err := resp.Body.Read(buf)
		got = append(got, buf[:n]...)
		if err != nil {
			t.Fatalf("the stream ended after %d events: %v", seq, err)
		}
		if len(got)%4 == 0 {
			msgs, _ := grpcWebFrames(t, decodeTextChunks(t, got))
			seq = len(msgs)
		}
	}
}

// decodeTextChunks decodes gRPC-Web text: base64 chunks, each padded.
func decodeTextChunks(t *testing.T, text []byte) []byte {
	t.Helper()
	var out []byte
	for len(text) > 0 {
		b, err := base64.StdEncoding.DecodeString(string(text[:4]))
		if err != nil {
			t.Fatalf("%q: %v", text, err)
		}
		out, text = append(out, b...), text[4:]
	}
	return out
}

// TestPostgresLongPathsAndConnectGET: a 10 KB path gets an error body,
// JSON as its protocol writes it, over HTTP/1.1 and HTTP/2; a request
// line over 64 KiB is 431 with one; a Connect GET or a REST call of an HTTP
// method an RPC is not served by is 405 with Allow and an error body.
func TestPostgresLongPathsAndConnectGET(t *testing.T) {
	base, _ := startPG(t)
	long := strings.Repeat("a", 10<<10)
	for proto, hc := range map[string]*http.Client{"HTTP/1.1": nil, "HTTP/2": h2cClient()} {
		for _, tc := range []struct {
			method, path string
			status       int
			code, reason string
		}{
			{"GET", "/v1/games/" + long + "/view", 400, "invalid_argument", "BAD_REQUEST"},
			{"GET", "/v1/" + long, 404, "not_found", "UNKNOWN_METHOD"},
			{"POST", "/moonshine.v1.GameService/" + long, 501, "unimplemented", "UNKNOWN_METHOD"},
			{"GET", "/moonshine.v1.GameService/" + long, 501, "unimplemented", "UNKNOWN_METHOD"},
			{"GET", "/v1/games/" + strings.Repeat(long, 7), 431, "resource_exhausted", "HEADERS_TOO_LARGE"},
		} {
			ct := ""
			if tc.method == "POST" {
				ct = "application/json"
			}
			a := exchange(t, hc, newRequest(t, tc.method, base+tc.path, ct, []byte("{}")))
			if a.status != tc.status || a.code != tc.code || a.reason != tc.reason {
				t.Errorf("%s %s of %d bytes: %d %s %s %.200q", proto, tc.method, len(tc.path), a.status, a.code, a.reason, a.body)
			}
		}
	}
	a := exchange(t, nil, newRequest(t, "GET", base+moonshinev1.GameService_ListRules_FullMethodName+"?connect=v1&encoding=json&message=%7B%7D", "", nil))
	if a.status != 405 || a.header.Get("Allow") != "POST" || a.code != "unimplemented" || a.reason != "METHOD_NOT_ALLOWED" {
		t.Errorf("Connect GET: %d Allow %q %s %s %q", a.status, a.header.Get("Allow"), a.code, a.reason, a.body)
	}
	a = exchange(t, nil, newRequest(t, "DELETE", base+"/v1/games", "", nil))
	if a.status != 405 || a.header.Get("Allow") == "" || a.code != "unimplemented" || a.reason != "METHOD_NOT_ALLOWED" {
		t.Errorf("REST DELETE /v1/games: %d Allow %q %s %s %q", a.status, a.header.Get("Allow"), a.code, a.reason, a.body)
	}
}

// TestPostgresFieldPathsInJSONNames: a refusal naming a field names it as
// the client sent it: in JSON names over REST and the Connect protocol
// with JSON (commandId, config.botSeats), in proto names over gRPC.
func TestPostgresFieldPathsInJSONNames(t *testing.T) {
	base, c := startPG(t)
	id, tokens := table(t, c, 3)
	for _, tc := range []struct {
		name string
		req  *http.Request
		want string
	}{
		{"REST submit", newRequest(t, "POST", base+"/v1/games/"+id+"/commands", "application/json",
			[]byte(`{"commandId":"a b","command":{}}`), "Authorization", "Bearer "+tokens[0]), "commandId"},
		{"Connect submit", newRequest(t, "POST", base+moonshinev1.GameService_SubmitCommand_FullMethodName, "application/json",
			[]byte(`{"gameId":"`+id+`","commandId":"a b","command":{}}`), "Authorization", "Bearer "+tokens[0]), "commandId"},
		{"REST create", newRequest(t, "POST", base+"/v1/games", "application/json",
			[]byte(`{"game":"booze-barons","config":{"players":3,"botSeats":[7]}}`)), "config.botSeats"},
		{"REST watch", newRequest(t, "GET", base+"/v1/games/"+id+"/events:watch?afterSeq=-1", "", nil), "afterSeq"},
	} {
		a := exchange(t, nil, tc.req)
		if a.code != "invalid_argument" || len(a.fields) != 1 || a.fields[0] != tc.want || !strings.HasPrefix(a.msg, tc.want+": ") {
			t.Errorf("%s: %d %s fields %v %q, want %s", tc.name, a.status, a.code, a.fields, a.msg, tc.want)
		}
	}
	_, err := c.SubmitCommand(as(tokens[0]), &moonshinev1.SubmitCommandRequest{GameId: id, CommandId: "a b", Command: &moonshinev1.GameCommand{}})
	for _, d := range status.Convert(err).Details() {
		if br, ok := d.(*errdetails.BadRequest); ok && br.GetFieldViolations()[0].GetField() != "command_id" {
			t.Errorf("over gRPC the field is %q, want command_id", br.GetFieldViolations()[0].GetField())
		}
	}
	if status.Convert(err).Message() == "" || !strings.HasPrefix(status.Convert(err).Message(), "command_id: ") {
		t.Errorf("over gRPC: %v", err)
	}
}

// TestCORSAllowsTheAPIKey: a page may send x-api-key.
func TestCORSAllowsTheAPIKey(t *testing.T) {
	const page = "https://play.example.com"
	base, _ := startHTTP(t, server.Config{CORSOrigins: []string{page}})
	req, _ := http.NewRequest("OPTIONS", base+moonshinev1.GameService_CreateGame_FullMethodName, nil)
	req.Header.Set("Origin", page)
	req.Header.Set("Access-Control-Request-Method", "POST")
	req.Header.Set("Access-Control-Request-Headers", "authorization,content-type,x-api-key") // sorted, as browsers send it
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if allowed := strings.ToLower(resp.Header.Get("Access-Control-Allow-Headers")); !strings.Contains(allowed, "x-api-key") {
		t.Errorf("preflight asking for x-api-key: %d %v", resp.StatusCode, resp.Header)
	}
}
