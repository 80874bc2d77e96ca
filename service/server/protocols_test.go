package server_test

import (
	"bufio"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"connectrpc.com/connect"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/eventstore/memstore"
	"github.com/moonshine-games/moonshine/service/server"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/protobuf/proto"
)

// startHTTP runs a real server and returns its base URL and a gRPC client.
func startHTTP(t *testing.T, cfg server.Config) (string, moonshinev1.GameServiceClient) {
	t.Helper()
	if cfg.Store == nil {
		cfg.Store = memstore.New()
	}
	_, conn := startServer(t, cfg)
	return "http://" + conn.Target(), moonshinev1.NewGameServiceClient(conn)
}

// call sends a REST request and decodes the JSON answer into a map.
func call(t *testing.T, method, url, token, body string) (int, map[string]any) {
	t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	out := map[string]any{}
	if err := json.Unmarshal(raw, &out); err != nil {
		t.Fatalf("%s %s: %d %q is not JSON: %v", method, url, resp.StatusCode, raw, err)
	}
	return resp.StatusCode, out
}

// TestRESTRoundTrip plays a Booze Barons move over REST/JSON alone, as
// the README's curl session does, and checks that zero values are
// written.
func TestRESTRoundTrip(t *testing.T) {
	base, _ := startHTTP(t, server.Config{})
	code, created := call(t, "POST", base+"/v1/games", "", `{"game":"booze-barons","config":{"players":3,"botSeats":[1,2]}}`)
	if code != 200 {
		t.Fatalf("create: %d %v", code, created)
	}
	id := created["game"].(map[string]any)["gameId"].(string)
	code, joined := call(t, "POST", base+"/v1/games/"+id+":join", "", `{"name":"alice"}`)
	if code != 200 {
		t.Fatalf("join: %d %v", code, joined)
	}
	if seat, ok := joined["seat"]; !ok || seat != 0.0 {
		t.Errorf("join: seat 0 must be written, got %v", joined)
	}
	token := joined["credential"].(string)
	code, view := call(t, "GET", base+"/v1/games/"+id+"/view", token, "")
	if code != 200 {
		t.Fatalf("view: %d %v", code, view)
	}
	prompt := view["view"].(map[string]any)["prompt"].(map[string]any)
	if prompt["seat"] != 0.0 {
		t.Errorf("the prompt's seat 0 must be written: %v", prompt)
	}
	legal := prompt["legal"].([]any)
	labels := prompt["legalLabels"].([]any)
	if len(legal) == 0 || len(labels) != len(legal) {
		t.Fatalf("legal %v, labels %v", legal, labels)
	}
	cmd, _ := json.Marshal(map[string]any{"commandId": "c1", "command": legal[0]})
	code, done := call(t, "POST", base+"/v1/games/"+id+"/commands", token, string(cmd))
	if code != 200 || len(done["events"].([]any)) == 0 {
		t.Fatalf("submit: %d %v", code, done)
	}
	if done["label"] != labels[0] {
		t.Errorf("submit label %q, the view offered %q", done["label"], labels[0])
	}
	code, hist := call(t, "GET", base+"/v1/games/"+id+"/events?pageSize=2", token, "")
	if code != 200 || len(hist["events"].([]any)) != 2 {
		t.Fatalf("history page: %d %v", code, hist)
	}
	if _, ok := hist["complete"]; !ok {
		t.Errorf("complete=false must be written: %v", hist)
	}
}

// TestRESTJSONReadsAsDocumented checks the JSON conventions that
// docs/service.md promises frontends: zero values are written (seat 0, a
// round 0, false, an empty list), an optional field is absent when unset
// and written when set, even to 0, int64 is a string, an enum is its name,
// bytes are base64 and a Timestamp is RFC 3339.
func TestRESTJSONReadsAsDocumented(t *testing.T) {
	base, _ := startHTTP(t, server.Config{})
	_, created := call(t, "POST", base+"/v1/games", "", `{"game":"booze-barons","config":{"players":3,"botSeats":[1,2]}}`)
	game := created["game"].(map[string]any)
	id := game["gameId"].(string)
	if v, ok := game["version"].(string); !ok || v == "" {
		t.Errorf("version (int64) reads %#v, not a string", game["version"])
	}
	if c, err := base64.StdEncoding.DecodeString(game["seedCommitment"].(string)); err != nil || len(c) != 32 {
		t.Errorf("seedCommitment (bytes) reads %q: %v", game["seedCommitment"], err)
	}
	if _, err := time.Parse(time.RFC3339Nano, game["createdAt"].(string)); err != nil {
		t.Errorf("createdAt (Timestamp): %v", err)
	}
	if game["status"] != "GAME_STATUS_ACTIVE" && game["status"] != "GAME_STATUS_OPEN" {
		t.Errorf("status (enum) reads %#v, not its name", game["status"])
	}
	if seed, ok := game["seed"]; !ok || seed != "" {
		t.Errorf("an empty seed must be written as \"\": %#v", seed)
	}
	seat0 := game["seats"].([]any)[0].(map[string]any)
	if seat0["seat"] != 0.0 || seat0["bot"] != false {
		t.Errorf("seat 0 of the table must read seat 0, bot false: %v", seat0)
	}
	_, joined := call(t, "POST", base+"/v1/games/"+id+":join", "", `{"name":"alice"}`)
	token := joined["credential"].(string)

	bb := func(token string) map[string]any {
		_, v := call(t, "GET", base+"/v1/games/"+id+"/view", token, "")
		return v["view"].(map[string]any)["boozeBarons"].(map[string]any)
	}
	mine, public := bb(token), bb("")
	if mine["viewerSeat"] != 0.0 {
		t.Errorf("an optional field set to 0 (viewerSeat of seat 0) must be written: %v", mine["viewerSeat"])
	}
	if v, ok := public["viewerSeat"]; ok {
		t.Errorf("an unset optional field (a spectator's viewerSeat) must be absent, reads %v", v)
	}
	for _, seat := range public["seats"].([]any) {
		s := seat.(map[string]any)
		if l, ok := s["faceDown"].([]any); !ok || len(l) != 0 {
			t.Errorf("an empty list must be written as []: seat %v faceDown %#v", s["seat"], s["faceDown"])
		}
	}
	if _, ok := public["round"]; !ok {
		t.Errorf("round must be written even when 0: %v", public)
	}
}

// errorInfo returns the ErrorInfo reason of a REST error body.
func restReason(body map[string]any) string {
	details, _ := body["details"].([]any)
	for _, d := range details {
		m := d.(map[string]any)
		if m["@type"] == "type.googleapis.com/google.rpc.ErrorInfo" && m["domain"] == "moonshine.games" {
			return m["reason"].(string)
		}
	}
	return ""
}

// TestRESTRefusalsCarryErrorInfo: what the service refuses and what the
// transcoder refuses before it alike come with a code, an HTTP status and
// an ErrorInfo; bad input is INVALID_ARGUMENT.
func TestRESTRefusalsCarryErrorInfo(t *testing.T) {
	base, _ := startHTTP(t, server.Config{})
	for _, tc := range []struct {
		name, method, path, body string
		status                   int
		code                     float64
		reason                   string
	}{
		{"body not JSON", "POST", "/v1/games", `{"game":`, 400, 3, "UNDECODABLE_REQUEST"},
		{"unknown JSON field", "POST", "/v1/games", `{"gam":"booze-barons"}`, 400, 3, "UNDECODABLE_REQUEST"},
		{"string not UTF-8", "POST", "/v1/games", "{\"game\":\"\xff\"}", 400, 3, "UNDECODABLE_REQUEST"},
		{"query not a number", "GET", "/v1/games?pageSize=many", "", 400, 3, "BAD_REQUEST"},
		{"query unknown", "GET", "/v1/games?colour=red", "", 400, 3, "BAD_REQUEST"},
		{"path not a number", "GET", "/v1/games/abc/views/last", "", 400, 3, "BAD_REQUEST"},
		{"unknown game", "GET", "/v1/games/nosuchgame", "", 404, 5, "GAME_NOT_FOUND"},
		{"unknown rules", "GET", "/v1/rules/chess", "", 400, 3, "BAD_REQUEST"},
		{"unknown path", "GET", "/v1/nothing/here", "", 404, 5, "UNKNOWN_METHOD"},
		{"bad credential", "GET", "/v1/games/abc/view", "", 401, 16, "BAD_CREDENTIAL"},
		{"watch unknown game", "GET", "/v1/games/nosuchgame/events:watch", "", 404, 5, "GAME_NOT_FOUND"},
		{"watch bad query", "GET", "/v1/games/abc/events:watch?afterSeq=x", "", 400, 3, "BAD_REQUEST"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			token := ""
			if tc.reason == "BAD_CREDENTIAL" {
				token = "not-a-credential"
			}
			status, body := call(t, tc.method, base+tc.path, token, tc.body)
			if status != tc.status || body["code"] != tc.code || restReason(body) != tc.reason {
				t.Errorf("got %d %v; want %d, code %v, reason %s", status, body, tc.status, tc.code, tc.reason)
			}
		})
	}
	t.Run("body not JSON by its type", func(t *testing.T) {
		resp, err := http.Post(base+"/v1/games", "text/plain", strings.NewReader("hello"))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var body map[string]any
		_ = json.NewDecoder(resp.Body).Decode(&body)
		if resp.StatusCode != 400 || restReason(body) != "BAD_REQUEST" {
			t.Errorf("got %d %v", resp.StatusCode, body)
		}
	})
}

// connectClients are the Connect protocol (JSON) and gRPC-Web (protobuf)
// clients of two RPCs, over HTTP/1.1 as a browser without HTTP/2 would
// speak.
func connectClients(base string, opt connect.ClientOption) (*connect.Client[moonshinev1.GetViewRequest, moonshinev1.GetViewResponse], *connect.Client[moonshinev1.WatchGameRequest, moonshinev1.WatchGameResponse]) {
	hc := &http.Client{Transport: &http.Transport{}}
	view := connect.NewClient[moonshinev1.GetViewRequest, moonshinev1.GetViewResponse](hc, base+moonshinev1.GameService_GetView_FullMethodName, opt)
	watch := connect.NewClient[moonshinev1.WatchGameRequest, moonshinev1.WatchGameResponse](hc, base+moonshinev1.GameService_WatchGame_FullMethodName, opt)
	return view, watch
}

// TestConnectAndGRPCWeb reads a view and watches a game's stream over the
// Connect protocol and gRPC-Web, the browsers' protocols, and checks a
// refusal's ErrorInfo arrives over both.
func TestConnectAndGRPCWeb(t *testing.T) {
	base, c := startHTTP(t, server.Config{})
	id, tokens := table(t, c, 3, 1, 2)
	play(t, c, id, tokens[0], "c1")
	for name, opt := range map[string]connect.ClientOption{"connect+json": connect.WithProtoJSON(), "grpc-web": connect.WithGRPCWeb()} {
		t.Run(name, func(t *testing.T) {
			view, watch := connectClients(base, opt)
			req := connect.NewRequest(&moonshinev1.GetViewRequest{GameId: id})
			req.Header().Set("Authorization", "Bearer "+tokens[0])
			v, err := view.CallUnary(t.Context(), req)
			if err != nil || v.Msg.GetView().GetViewer().GetPerspective() != moonshinev1.Perspective_PERSPECTIVE_SEAT {
				t.Fatalf("view: %v %v", v, err)
			}
			if v.Header().Get("X-Request-Id") == "" {
				t.Error("no x-request-id header")
			}
			ctx, cancel := context.WithCancel(t.Context())
			defer cancel()
			stream, err := watch.CallServerStream(ctx, connect.NewRequest(&moonshinev1.WatchGameRequest{GameId: id}))
			if err != nil {
				t.Fatal(err)
			}
			for seq := int64(1); seq <= 3; seq++ {
				if !stream.Receive() {
					t.Fatalf("stream ended: %v", stream.Err())
				}
				if got := stream.Msg().GetEvent().GetSeq(); got != seq {
					t.Fatalf("event %d, want %d", got, seq)
				}
			}
			cancel()
			_, err = view.CallUnary(t.Context(), connect.NewRequest(&moonshinev1.GetViewRequest{GameId: "nosuchgame"}))
			if reason := connectReason(err); connect.CodeOf(err) != connect.CodeNotFound || reason != "GAME_NOT_FOUND" {
				t.Errorf("refusal %v, reason %q", err, reason)
			}
		})
	}
}

// connectReason is the ErrorInfo reason of a Connect error.
func connectReason(err error) string {
	var ce *connect.Error
	if !errors.As(err, &ce) {
		return ""
	}
	for _, d := range ce.Details() {
		if v, err := d.Value(); err == nil {
			if info, ok := v.(*errdetails.ErrorInfo); ok {
				return info.GetReason()
			}
		}
	}
	return ""
}

// TestConnectRefusalsCarryErrorInfo: a Connect call whose JSON does not
// decode, or that names no RPC, is refused with its ErrorInfo.
func TestConnectRefusalsCarryErrorInfo(t *testing.T) {
	base, _ := startHTTP(t, server.Config{})
	for _, tc := range []struct {
		name, path, body string
		status           int
		code, reason     string
	}{
		{"not JSON", moonshinev1.GameService_GetView_FullMethodName, `{"gameId":`, 400, "invalid_argument", "UNDECODABLE_REQUEST"},
		{"wrong type", moonshinev1.GameService_GetView_FullMethodName, `{"gameId":7}`, 400, "invalid_argument", "UNDECODABLE_REQUEST"},
		{"no such method", "/moonshine.v1.GameService/Nothing", `{}`, 501, "unimplemented", "UNKNOWN_METHOD"},
		{"no such service", "/moonshine.v9.Nothing/Nothing", `{}`, 501, "unimplemented", "UNKNOWN_METHOD"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req, _ := http.NewRequest("POST", base+tc.path, strings.NewReader(tc.body))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Connect-Protocol-Version", "1")
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			var body struct {
				Code    string `json:"code"`
				Details []struct {
					Type  string `json:"type"`
					Value string `json:"value"`
				} `json:"details"`
			}
			_ = json.NewDecoder(resp.Body).Decode(&body)
			info := &errdetails.ErrorInfo{}
			for _, d := range body.Details {
				if d.Type == "google.rpc.ErrorInfo" {
					info = decodeInfo(t, d.Value)
				}
			}
			if resp.StatusCode != tc.status || body.Code != tc.code || info.GetReason() != tc.reason || info.GetDomain() != "moonshine.games" {
				t.Errorf("got %d %+v %v; want %d %s %s", resp.StatusCode, body, info, tc.status, tc.code, tc.reason)
			}
		})
	}
}

// TestRESTWatch streams a game's events over REST as newline-delimited
// JSON, from a seq, as curl -N would read them.
func TestRESTWatch(t *testing.T) {
	base, c := startHTTP(t, server.Config{})
	id, tokens := table(t, c, 3, 1, 2)
	play(t, c, id, tokens[0], "c1")
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", base+"/v1/games/"+id+"/events:watch?afterSeq=1&perspective=PERSPECTIVE_PUBLIC", nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "application/x-ndjson" || resp.Header.Get("X-Request-Id") == "" {
		t.Fatalf("%d %v", resp.StatusCode, resp.Header)
	}
	lines := bufio.NewScanner(resp.Body)
	for _, want := range []string{"2", "3"} { // int64 reads as a string in JSON
		if !lines.Scan() {
			t.Fatalf("stream ended: %v", lines.Err())
		}
		var line struct {
			Result struct {
				Event map[string]any `json:"event"`
			} `json:"result"`
		}
		if err := json.Unmarshal(lines.Bytes(), &line); err != nil {
			t.Fatalf("%q: %v", lines.Bytes(), err)
		}
		if seq := line.Result.Event["seq"]; seq != want {
			t.Fatalf("line %s: seq %v, want %s", lines.Bytes(), seq, want)
		}
	}
}

// decodeInfo decodes a Connect error detail's base64 value.
func decodeInfo(t *testing.T, value string) *errdetails.ErrorInfo {
	t.Helper()
	b, err := base64.RawStdEncoding.DecodeString(strings.TrimRight(value, "="))
	if err != nil {
		t.Fatal(err)
	}
	info := &errdetails.ErrorInfo{}
	if err := proto.Unmarshal(b, info); err != nil {
		t.Fatal(err)
	}
	return info
}

// preflight sends a CORS preflight from origin and returns the answer.
func preflight(t *testing.T, url, origin string) *http.Response {
	t.Helper()
	req, _ := http.NewRequest("OPTIONS", url, nil)
	req.Header.Set("Origin", origin)
	req.Header.Set("Access-Control-Request-Method", "POST")
	req.Header.Set("Access-Control-Request-Headers", "authorization,connect-protocol-version,content-type")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp
}

// TestCORS: a listed origin's preflight is allowed the method and the
// headers asked for, and its calls may read the response; another origin,
// or any origin when none is configured, is not; the server's own pages
// need no CORS.
func TestCORS(t *testing.T) {
	const page = "https://play.example.com"
	base, _ := startHTTP(t, server.Config{CORSOrigins: []string{page}})
	url := base + moonshinev1.GameService_ListRules_FullMethodName
	resp := preflight(t, url, page)
	allowHeaders := strings.ToLower(resp.Header.Get("Access-Control-Allow-Headers"))
	if resp.StatusCode != 204 || resp.Header.Get("Access-Control-Allow-Origin") != page ||
		!strings.Contains(resp.Header.Get("Access-Control-Allow-Methods"), "POST") ||
		!strings.Contains(allowHeaders, "authorization") || !strings.Contains(allowHeaders, "connect-protocol-version") {
		t.Errorf("listed origin's preflight: %d %v", resp.StatusCode, resp.Header)
	}
	if got := preflight(t, url, "https://evil.example.com").Header.Get("Access-Control-Allow-Origin"); got != "" {
		t.Errorf("an unlisted origin is allowed %q", got)
	}
	req, _ := http.NewRequest("POST", url, strings.NewReader("{}"))
	req.Header.Set("Origin", page)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Connect-Protocol-Version", "1")
	call, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	call.Body.Close()
	if call.StatusCode != 200 || call.Header.Get("Access-Control-Allow-Origin") != page ||
		!strings.Contains(strings.ToLower(call.Header.Get("Access-Control-Expose-Headers")), "x-request-id") {
		t.Errorf("listed origin's call: %d %v", call.StatusCode, call.Header)
	}

	closed, _ := startHTTP(t, server.Config{})
	resp = preflight(t, closed+moonshinev1.GameService_ListRules_FullMethodName, page)
	if resp.StatusCode != 204 || resp.Header.Get("Access-Control-Allow-Origin") != "" {
		t.Errorf("with no origin configured: %d %v", resp.StatusCode, resp.Header)
	}
}

// TestOpenAPIAndWebApp: the server serves the OpenAPI 3.1 document (and
// its 2.0 source), with the proto comments as descriptions, and the web
// app at "/", unless told not to.
func TestOpenAPIAndWebApp(t *testing.T) {
	base, _ := startHTTP(t, server.Config{})
	var doc struct {
		OpenAPI string `json:"openapi"`
		Swagger string `json:"swagger"`
		Paths   map[string]map[string]struct {
			Summary string `json:"summary"`
		} `json:"paths"`
	}
	for path, version := range map[string]string{"/openapi.json": "3.1.0", "/swagger.json": "2.0"} {
		resp, err := http.Get(base + path)
		if err != nil {
			t.Fatal(err)
		}
		doc.OpenAPI, doc.Swagger = "", ""
		err = json.NewDecoder(resp.Body).Decode(&doc)
		resp.Body.Close()
		if err != nil || doc.OpenAPI+doc.Swagger != version {
			t.Fatalf("%s: version %q %q, want %s: %v", path, doc.OpenAPI, doc.Swagger, version, err)
		}
		if got := doc.Paths["/v1/games/{gameId}/view"]["get"].Summary; got != "GetView returns the current view for the caller." {
			t.Errorf("%s: GetView's summary %q is not its proto comment", path, got)
		}
	}
	page := func(base string) (int, string) {
		resp, err := http.Get(base + "/")
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	if code, body := page(base); code != 200 || !strings.Contains(body, "<title>Moonshine") {
		t.Errorf("web app: %d %.200s", code, body)
	}
	off, _ := startHTTP(t, server.Config{NoWeb: true})
	if code, _ := page(off); code != 404 {
		t.Errorf("NoWeb: / answers %d", code)
	}
}
