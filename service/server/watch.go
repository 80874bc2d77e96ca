package server

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/gameservice"
	spb "google.golang.org/genproto/googleapis/rpc/status"
	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
)

// The transcoder serves REST's unary calls but no server stream, so
// WatchGame over REST is served here, in the form grpc-gateway made usual
// and the OpenAPI document describes: a response of newline-delimited
// JSON objects (Content-Type application/x-ndjson), {"result": <a
// WatchGameResponse>} for each message, and, if the stream fails after it
// began, a last {"error": <a google.rpc.Status>}. A stream refused before
// its first message is an ordinary REST refusal. The call itself goes to
// the gRPC server as gRPC, over the same ServeHTTP as every other, with the
// request's credentials, address and deadline, so that it is admitted,
// limited, logged and measured like any watch.

const watchMethod = moonshinev1.GameService_WatchGame_FullMethodName

// restWatch serves GET /v1/games/{game_id}/events:watch.
func (s *Server) restWatch() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		req := &moonshinev1.WatchGameRequest{GameId: r.PathValue("game_id")}
		if err := setFromQuery(req, r.URL.Query()); err != nil {
			writeRefusal(w, r, codes.InvalidArgument, gameservice.ReasonBadRequest, err.Error())
			return
		}
		nw := newNDJSONWriter(w)
		s.grpc.ServeHTTP(nw, grpcRequest(r, req))
		nw.finish()
	})
}

// grpcRequest is r turned into a gRPC call of WatchGame with req.
func grpcRequest(r *http.Request, req proto.Message) *http.Request {
	payload, _ := proto.Marshal(req) // a request built from strings always marshals
	frame := make([]byte, 5, 5+len(payload))
	binary.BigEndian.PutUint32(frame[1:], uint32(len(payload)))
	frame = append(frame, payload...)

	in := r.Clone(r.Context())
	in.Method = http.MethodPost
	in.URL = &url.URL{Path: watchMethod}
	in.RequestURI = watchMethod
	in.Proto, in.ProtoMajor, in.ProtoMinor = "HTTP/2", 2, 0
	in.Header = r.Header.Clone()
	for _, h := range []string{"Accept", "Accept-Encoding", "Content-Length", "Connection"} {
		in.Header.Del(h)
	}
	in.Header.Set("Content-Type", "application/grpc")
	in.Header.Set("Te", "trailers")
	in.Body = io.NopCloser(bytes.NewReader(frame))
	in.ContentLength = int64(len(frame))
	return in
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

// ndjsonWriter takes the gRPC server's response and writes it to out as
// newline-delimited JSON.
type ndjsonWriter struct {
	out     http.ResponseWriter
	header  http.Header // the gRPC response's headers and trailers
	pending []byte      // bytes of a frame not complete yet
	started bool        // out's header is written
	failed  error
}

func newNDJSONWriter(out http.ResponseWriter) *ndjsonWriter {
	return &ndjsonWriter{out: out, header: http.Header{}}
}

func (n *ndjsonWriter) Header() http.Header { return n.header }

// WriteHeader notes nothing: the gRPC status comes in the trailers.
func (n *ndjsonWriter) WriteHeader(int) {}

// Flush implements http.Flusher, which gRPC's handler transport needs.
func (n *ndjsonWriter) Flush() {}

// Write takes gRPC frames and writes a JSON line for each message.
func (n *ndjsonWriter) Write(b []byte) (int, error) {
	if n.failed != nil {
		return 0, n.failed
	}
	n.pending = append(n.pending, b...)
	for len(n.pending) >= 5 {
		size := int(binary.BigEndian.Uint32(n.pending[1:5]))
		if len(n.pending) < 5+size {
			break
		}
		msg := &moonshinev1.WatchGameResponse{}
		if err := proto.Unmarshal(n.pending[5:5+size], msg); err != nil {
			n.failed = err
			return 0, err
		}
		n.pending = n.pending[5+size:]
		if err := n.line("result", msg); err != nil {
			n.failed = err
			return 0, err
		}
	}
	return len(b), nil
}

// start writes out's header: the gRPC response's own (x-request-id) and
// the stream's content type.
func (n *ndjsonWriter) start(status int) {
	if n.started {
		return
	}
	n.started = true
	h := n.out.Header()
	for k, vv := range n.header {
		if strings.HasPrefix(k, "Grpc-") || k == "Trailer" || k == "Content-Type" || strings.HasPrefix(k, http.TrailerPrefix) {
			continue
		}
		h[k] = vv
	}
	h.Set("Content-Type", "application/x-ndjson")
	h.Set("X-Content-Type-Options", "nosniff")
	n.out.WriteHeader(status)
}

// line writes {"key": msg} and a newline, and flushes it.
func (n *ndjsonWriter) line(key string, msg proto.Message) error {
	n.start(http.StatusOK)
	body, err := JSONOptions.Marshal(msg)
	if err != nil {
		return err
	}
	var b bytes.Buffer
	b.WriteString(`{"` + key + `":`)
	b.Write(body)
	b.WriteString("}\n")
	if _, err := n.out.Write(b.Bytes()); err != nil {
		return err
	}
	return http.NewResponseController(n.out).Flush()
}

// finish writes the end of the stream: nothing after OK, the status as
// the last line after a failure, or as a refusal if nothing was sent.
func (n *ndjsonWriter) finish() {
	st := n.status()
	switch {
	case st.GetCode() == int32(codes.OK):
		n.start(http.StatusOK)
	case n.started:
		_ = n.line("error", st)
	default:
		body, _ := protojson.Marshal(st)
		n.out.Header().Set("Content-Type", "application/json")
		for k, vv := range n.header {
			if strings.EqualFold(k, "X-Request-Id") {
				n.out.Header()[k] = vv
			}
		}
		n.out.WriteHeader(httpStatus(codes.Code(st.GetCode())))
		_, _ = n.out.Write(body)
	}
}

// status is the gRPC status the call ended with, from the trailers.
func (n *ndjsonWriter) status() *spb.Status {
	get := func(k string) string {
		if v := n.header.Get(k); v != "" {
			return v
		}
		return n.header.Get(http.TrailerPrefix + k)
	}
	if bin := get("Grpc-Status-Details-Bin"); bin != "" {
		if b, err := base64.RawStdEncoding.DecodeString(strings.TrimRight(bin, "=")); err == nil {
			var st spb.Status
			if proto.Unmarshal(b, &st) == nil {
				return &st
			}
		}
	}
	code, err := strconv.Atoi(get("Grpc-Status"))
	if err != nil {
		return &spb.Status{Code: int32(codes.Internal), Message: "the stream ended without a status"}
	}
	msg, _ := url.PathUnescape(get("Grpc-Message"))
	return &spb.Status{Code: int32(code), Message: msg}
}
