package telemetry

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"log/slog"
	"strings"
	"sync"
	"time"

	"github.com/grpc-ecosystem/go-grpc-middleware/v2/interceptors/logging"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
)

// RequestIDHeader is the metadata key of the request id: taken from the
// request when it holds a well-formed one (a load balancer's), else made
// up, and always sent back in the response header.
const RequestIDHeader = "x-request-id"

// call is what one request's log line says. The interceptor puts it in the
// context; the handlers add what only they know (NoteGame, NoteCaller).
type call struct {
	id     string
	method string

	mu        sync.Mutex
	gameID    string
	rules     string
	commandID string
	role      string
	seat      int
	apiKey    string
}

type callKey struct{}

func callFrom(ctx context.Context) *call {
	c, _ := ctx.Value(callKey{}).(*call)
	return c
}

// RequestID returns the id of the request ctx belongs to, or "".
func RequestID(ctx context.Context) string {
	if c := callFrom(ctx); c != nil {
		return c.id
	}
	return ""
}

// NoteGame records the rules of the game the request is about (a game's
// id comes from the request itself).
func NoteGame(ctx context.Context, rules string) {
	if c := callFrom(ctx); c != nil {
		c.mu.Lock()
		c.rules = rules
		c.mu.Unlock()
	}
}

// NoteCaller records who is calling: the role ("spectator", "seat",
// "auditor"), for a seat its number (else -1), and the name of the API
// key the call carried (else ""). Never a credential.
func NoteCaller(ctx context.Context, role string, seat int, apiKey string) {
	if c := callFrom(ctx); c != nil {
		c.mu.Lock()
		c.role, c.seat, c.apiKey = role, seat, apiKey
		c.mu.Unlock()
	}
}

// noteRequest records the ids a request message carries.
func (c *call) noteRequest(req any) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if r, ok := req.(interface{ GetGameId() string }); ok && c.gameID == "" {
		c.gameID = r.GetGameId()
	}
	if r, ok := req.(interface{ GetCommandId() string }); ok && c.commandID == "" {
		c.commandID = r.GetCommandId()
	}
	if r, ok := req.(interface{ GetMessageId() string }); ok && c.commandID == "" {
		c.commandID = r.GetMessageId()
	}
}

// startCall makes the call record of a request and the context carrying
// it.
func startCall(ctx context.Context, method string) (context.Context, *call) {
	c := &call{id: requestID(ctx), method: method, seat: -1}
	return context.WithValue(ctx, callKey{}, c), c
}

// requestID returns the request's own id if it is well formed, else a new
// one.
func requestID(ctx context.Context) string {
	if v := metadata.ValueFromIncomingContext(ctx, RequestIDHeader); len(v) == 1 && wellFormedID(v[0]) {
		return v[0]
	}
	var b [12]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// wellFormedID accepts 1 to 128 characters of [A-Za-z0-9._:-], so that
// whatever a client sends cannot forge log lines or grow them unbounded.
func wellFormedID(s string) bool {
	if len(s) == 0 || len(s) > 128 {
		return false
	}
	for _, r := range s {
		ok := r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("._:-", r)
		if !ok {
			return false
		}
	}
	return true
}

// UnaryInterceptors returns the interceptors that come first in a unary
// chain (after panic recovery): gRPC metrics, then the request log line
// and counts. They must come before the interceptor that maps errors to
// statuses, since they read the status a call ends with.
func (t *Telemetry) UnaryInterceptors(log *slog.Logger) []grpc.UnaryServerInterceptor {
	logged := func(ctx context.Context, req any, info *grpc.UnaryServerInfo, h grpc.UnaryHandler) (any, error) {
		ctx, c := startCall(ctx, info.FullMethod)
		_ = grpc.SetHeader(ctx, metadata.Pairs(RequestIDHeader, c.id))
		c.noteRequest(req)
		start := time.Now()
		resp, err := h(ctx, req)
		t.finish(ctx, log, c, start, err)
		return resp, err
	}
	if t == nil {
		return []grpc.UnaryServerInterceptor{logged}
	}
	return []grpc.UnaryServerInterceptor{t.grpc.unary, logged}
}

// StreamInterceptors is UnaryInterceptors for streams.
func (t *Telemetry) StreamInterceptors(log *slog.Logger) []grpc.StreamServerInterceptor {
	logged := func(srv any, ss grpc.ServerStream, info *grpc.StreamServerInfo, h grpc.StreamHandler) error {
		ctx, c := startCall(ss.Context(), info.FullMethod)
		_ = ss.SetHeader(metadata.Pairs(RequestIDHeader, c.id))
		start := time.Now()
		err := h(srv, &notedStream{ServerStream: ss, ctx: ctx, c: c})
		t.finish(ctx, log, c, start, err)
		return err
	}
	if t == nil {
		return []grpc.StreamServerInterceptor{logged}
	}
	return []grpc.StreamServerInterceptor{t.grpc.stream, logged}
}

// notedStream gives the handler the context with the call record and
// notes the ids of the messages it receives.
type notedStream struct {
	grpc.ServerStream
	ctx context.Context
	c   *call
}

func (n *notedStream) Context() context.Context { return n.ctx }

func (n *notedStream) RecvMsg(m any) error {
	err := n.ServerStream.RecvMsg(m)
	if err == nil {
		n.c.noteRequest(m)
	}
	return err
}

// clientClosed is the status a call ends with when its client went away
// (it cancelled the call, or closed its connection): the handler then
// ends with the context's error (CANCELED) or with the transport's
// failure to send (UNAVAILABLE "transport is closing"), neither of which
// is the server's refusal. Closing a watch stream is how a client stops
// watching, so such a call is logged at INFO and counted as CANCELED,
// never as a refusal or a server error. A status with a reason (the
// server's own, such as SERVER_SHUTTING_DOWN) is the server's and kept.
func clientClosed(ctx context.Context, err error) (*status.Status, bool) {
	st := status.Convert(err)
	if err == nil || !errors.Is(ctx.Err(), context.Canceled) || reasonOf(st) != "" {
		return st, false
	}
	switch st.Code() {
	case codes.Canceled, codes.Unavailable:
		return status.New(codes.Canceled, "the client closed the call"), true
	}
	return st, false
}

// finish logs the call's line and counts it.
func (t *Telemetry) finish(ctx context.Context, log *slog.Logger, c *call, start time.Time, err error) {
	st, gone := clientClosed(ctx, err)
	reason := reasonOf(st)
	level := levelOf(c.method, st.Code())
	if gone {
		level = slog.LevelInfo
	}
	// The record carries the request id itself: the context it is logged
	// with keeps only the trace, so that a contextHandler does not add it
	// twice.
	logCtx := context.WithValue(ctx, callKey{}, (*call)(nil))
	c.mu.Lock()
	rules := c.rules
	c.mu.Unlock()
	if !gone {
		t.count(c.method, rules, st.Code(), reason)
	}
	if !log.Enabled(logCtx, level) {
		return // no record at this level: build none
	}
	c.mu.Lock()
	attrs := []slog.Attr{
		slog.String("request_id", c.id),
		slog.String("method", c.method),
		slog.String("code", st.Code().String()),
		slog.Float64("duration_ms", float64(time.Since(start).Microseconds())/1000),
	}
	if reason != "" {
		attrs = append(attrs, slog.String("reason", reason))
	}
	if c.gameID != "" {
		attrs = append(attrs, slog.String("game_id", c.gameID))
	}
	if c.rules != "" {
		attrs = append(attrs, slog.String("game", c.rules))
	}
	if c.role != "" {
		attrs = append(attrs, slog.String("role", c.role))
	}
	if c.seat >= 0 {
		attrs = append(attrs, slog.Int("seat", c.seat))
	}
	if c.apiKey != "" {
		attrs = append(attrs, slog.String("api_key", c.apiKey))
	}
	if c.commandID != "" {
		attrs = append(attrs, slog.String("command_id", c.commandID))
	}
	c.mu.Unlock()
	if st.Code() != codes.OK {
		attrs = append(attrs, slog.String("message", st.Message()))
	}
	log.LogAttrs(logCtx, level, "request", attrs...)
}

// levelOf is go-grpc-middleware's level for the code, except that health
// checks, which probes make every few seconds, log at debug.
func levelOf(method string, code codes.Code) slog.Level {
	if strings.HasPrefix(method, "/"+healthpb.Health_ServiceDesc.ServiceName+"/") && code == codes.OK {
		return slog.LevelDebug
	}
	return slog.Level(logging.DefaultServerCodeToLevel(code))
}

// count counts a finished call: a refusal by method, code and reason, and
// a client's command by game, result and reason.
func (t *Telemetry) count(method, rules string, code codes.Code, reason string) {
	if t == nil {
		return
	}
	short := method[strings.LastIndexByte(method, '/')+1:]
	if code != codes.OK {
		t.refusals.WithLabelValues(short, code.String(), reason).Inc()
	}
	if method != moonshinev1.GameService_SubmitCommand_FullMethodName {
		return
	}
	if rules == "" {
		rules = "unknown"
	}
	if code == codes.OK {
		t.commands.WithLabelValues(rules, "accepted", "").Inc()
	} else {
		t.commands.WithLabelValues(rules, "refused", reason).Inc()
	}
}

// reasonOf returns the reason of the status's google.rpc.ErrorInfo, or "".
func reasonOf(st *status.Status) string {
	if st.Code() == codes.OK {
		return ""
	}
	for _, d := range st.Details() {
		if info, ok := d.(*errdetails.ErrorInfo); ok {
			return info.GetReason()
		}
	}
	return ""
}
