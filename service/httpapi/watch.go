package httpapi

import (
	"bytes"
	"errors"
	"fmt"
	"github.com/moonshine-games/moonshine/service/rpcstatus"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"connectrpc.com/connect"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/telemetry"
	spb "google.golang.org/genproto/googleapis/rpc/status"
	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/types/known/anypb"
)

// The transcoder serves REST's unary calls but no server stream, so
// WatchGame over REST is served here, in the form grpc-gateway made usual
// and the OpenAPI document describes: a response of newline-delimited
// JSON objects (Content-Type application/x-ndjson), {"result": <a
// WatchGameResponse>} for each message, and, if the stream fails after it
// began, a last {"error": <a google.rpc.Status>}. A stream refused before
// its first message is an ordinary REST refusal. The call itself is made
// by Connect's gRPC client to the gRPC server, in this process (inProcess),
// with the request's headers (credentials, API key, request id), address,
// TLS state and context (its deadline, its cancellation), so that it is
// admitted, limited, logged and measured like any watch.

const watchMethod = moonshinev1.GameService_WatchGame_FullMethodName

// restWatch serves GET /v1/games/{game_id}/events:watch.
func (a *api) restWatch() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		req := &moonshinev1.WatchGameRequest{GameId: r.PathValue("game_id")}
		if err := setFromQuery(req, r.URL.Query()); err != nil {
			a.writeRefusal(w, r, refusalStatus(codes.InvalidArgument, rpcstatus.ReasonBadRequest, err.Error()), 0)
			return
		}
		client := connect.NewClient[moonshinev1.WatchGameRequest, moonshinev1.WatchGameResponse](
			&http.Client{Transport: inProcess{h: a.o.GRPC, from: r}}, "http://in-process"+watchMethod, connect.WithGRPC())
		call := connect.NewRequest(req)
		forwardHeaders(r.Header, call.Header())
		stream, err := client.CallServerStream(r.Context(), call)
		if err != nil {
			writeStatus(w, r, statusOf(err), 0)
			return
		}
		defer stream.Close()
		out := ndjson{w: w}
		for stream.Receive() {
			if err := out.line("result", stream.Msg(), stream.ResponseHeader()); err != nil {
				return // the client has gone
			}
		}
		switch err := stream.Err(); {
		case err == nil:
			out.start(stream.ResponseHeader())
		case out.started:
			_ = out.line("error", statusOf(err), nil)
		default:
			var ce *connect.Error
			if errors.As(err, &ce) && ce.Meta().Get(telemetry.RequestIDHeader) != "" {
				w.Header().Set(telemetry.RequestIDHeader, ce.Meta().Get(telemetry.RequestIDHeader))
			}
			writeStatus(w, r, statusOf(err), 0)
		}
	})
}

// forwardHeaders copies a REST request's headers to the gRPC call, but
// those of HTTP and of the protocols, which the client sets.
func forwardHeaders(from, to http.Header) {
	for k, vv := range from {
		switch lk := strings.ToLower(k); {
		case lk == "connection", lk == "te", lk == "host", lk == "user-agent", lk == "trailer",
			strings.HasPrefix(lk, "accept"), strings.HasPrefix(lk, "content-"),
			strings.HasPrefix(lk, "grpc-"), strings.HasPrefix(lk, "connect-"):
			continue
		}
		to[k] = vv
	}
}

// statusOf is an error of Connect's client as a google.rpc.Status.
func statusOf(err error) *spb.Status {
	ce := new(connect.Error)
	if !errors.As(err, &ce) {
		ce = connect.NewError(connect.CodeUnknown, err)
	}
	st := &spb.Status{Code: int32(ce.Code()), Message: ce.Message()}
	for _, d := range ce.Details() {
		st.Details = append(st.Details, &anypb.Any{TypeUrl: "type.googleapis.com/" + d.Type(), Value: d.Bytes()})
	}
	return st
}

// ndjson writes a stream of newline-delimited JSON objects.
type ndjson struct {
	w       http.ResponseWriter
	started bool
}

// start writes the response's header: the gRPC response's own headers
// (x-request-id) and the stream's content type.
func (n *ndjson) start(from http.Header) {
	if n.started {
		return
	}
	n.started = true
	h := n.w.Header()
	for k, vv := range from {
		if lk := strings.ToLower(k); strings.HasPrefix(lk, "grpc-") || lk == "content-type" || lk == "trailer" || lk == "date" {
			continue
		}
		h[k] = vv
	}
	h.Set("Content-Type", "application/x-ndjson")
	h.Set("X-Content-Type-Options", "nosniff")
	n.w.WriteHeader(http.StatusOK)
}

// line writes {"key": msg} and a newline, and flushes it.
func (n *ndjson) line(key string, msg proto.Message, header http.Header) error {
	n.start(header)
	body, err := JSONOptions.Marshal(msg)
	if err != nil {
		return err
	}
	var b bytes.Buffer
	b.WriteString(`{"` + key + `":`)
	b.Write(body)
	b.WriteString("}\n")
	if _, err := n.w.Write(b.Bytes()); err != nil {
		return err
	}
	return http.NewResponseController(n.w).Flush()
}

// setFromQuery sets req's fields from the query parameters, named by
// their JSON or proto names: numbers, booleans, enum names or numbers and
// strings.
func setFromQuery(req proto.Message, q url.Values) error {
	m := req.ProtoReflect()
	fields := m.Descriptor().Fields()
	for name, values := range q {
		f := fields.ByJSONName(name)
		if f == nil {
			f = fields.ByName(protoreflect.Name(name))
		}
		if f == nil || f.Name() == "game_id" || f.Cardinality() == protoreflect.Repeated {
			return fmt.Errorf("%s: no such query parameter", name)
		}
		v, err := parseScalar(f, values[len(values)-1])
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		m.Set(f, v)
	}
	return nil
}

// parseScalar parses one query value for f.
func parseScalar(f protoreflect.FieldDescriptor, s string) (protoreflect.Value, error) {
	switch f.Kind() {
	case protoreflect.StringKind:
		return protoreflect.ValueOfString(s), nil
	case protoreflect.BoolKind:
		b, err := strconv.ParseBool(s)
		return protoreflect.ValueOfBool(b), err
	case protoreflect.Int32Kind, protoreflect.Sint32Kind, protoreflect.Sfixed32Kind:
		n, err := strconv.ParseInt(s, 10, 32)
		return protoreflect.ValueOfInt32(int32(n)), err
	case protoreflect.Int64Kind, protoreflect.Sint64Kind, protoreflect.Sfixed64Kind:
		n, err := strconv.ParseInt(s, 10, 64)
		return protoreflect.ValueOfInt64(n), err
	case protoreflect.EnumKind:
		if ev := f.Enum().Values().ByName(protoreflect.Name(s)); ev != nil {
			return protoreflect.ValueOfEnum(ev.Number()), nil
		}
		n, err := strconv.ParseInt(s, 10, 32)
		if err != nil {
			return protoreflect.Value{}, fmt.Errorf("not a %s", f.Enum().FullName())
		}
		return protoreflect.ValueOfEnum(protoreflect.EnumNumber(n)), nil
	}
	return protoreflect.Value{}, fmt.Errorf("not settable from a query")
}
