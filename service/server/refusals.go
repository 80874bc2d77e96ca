package server

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"mime"
	"net/http"
	"strconv"
	"strings"

	"connectrpc.com/connect"
	"github.com/moonshine-games/moonshine/service/gameservice"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	spb "google.golang.org/genproto/googleapis/rpc/status"
	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/types/known/anypb"
)

// Every refusal carries a google.rpc.ErrorInfo, whatever the protocol. The
// service's own refusals have theirs, and the transcoder carries them over
// to REST and the Connect protocol. What the transcoder refuses itself,
// before any handler runs (a path or query parameter that does not parse,
// a body that is not JSON, an unknown REST path), it refuses without one,
// and a raw parsing error even as UNKNOWN: shapeRefusals gives those
// responses their ErrorInfo and turns UNKNOWN into INVALID_ARGUMENT. It
// rewrites only the JSON error bodies of REST and of the Connect
// protocol's unary calls; gRPC's and gRPC-Web's refusals come from the gRPC
// server, whose interceptors give them their details.

// Reasons of the refusals made by the HTTP layer, beside the service's.
const (
	// ReasonUnknownMethod: no RPC at that path (NOT_FOUND over REST,
	// UNIMPLEMENTED over the Connect protocol).
	ReasonUnknownMethod = "UNKNOWN_METHOD"
)

// wire is how a request's refusal is written.
type wire int

const (
	wireOther   wire = iota // gRPC, gRPC-Web, Connect streaming: not shaped here
	wireREST                // google.rpc.Status in JSON
	wireConnect             // the Connect protocol's unary error JSON
)

// wireOf tells how r's refusal would be written.
func wireOf(r *http.Request) wire {
	ct, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	switch {
	case strings.HasPrefix(ct, "application/grpc"), strings.HasPrefix(ct, "application/connect+"):
		return wireOther
	case strings.HasPrefix(r.URL.Path, "/v1/"):
		return wireREST
	case r.Method == http.MethodPost || r.URL.Query().Get("connect") == "v1":
		return wireConnect
	}
	return wireOther
}

// shapeRefusals gives the transcoder's own refusals their ErrorInfo.
func shapeRefusals(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		kind := wireOf(r)
		if kind == wireOther {
			h.ServeHTTP(w, r)
			return
		}
		if kind == wireREST && r.Body != nil && r.ContentLength != 0 && !isJSON(r.Header.Get("Content-Type")) {
			writeRefusal(w, r, codes.InvalidArgument, gameservice.ReasonBadRequest,
				"a REST request's body is JSON: send Content-Type: application/json")
			return
		}
		sw := &shapingWriter{ResponseWriter: w, kind: kind}
		h.ServeHTTP(sw, r)
		sw.finish()
	})
}

func isJSON(contentType string) bool {
	ct, _, err := mime.ParseMediaType(contentType)
	return contentType == "" || (err == nil && ct == "application/json")
}

// shapingWriter holds back an error response's body to shape it.
type shapingWriter struct {
	http.ResponseWriter
	kind    wire
	status  int // the status held back; 0 until WriteHeader of an error
	wrote   bool
	pending bytes.Buffer
}

func (s *shapingWriter) WriteHeader(code int) {
	if s.wrote || s.status != 0 {
		return
	}
	if code >= 400 {
		s.status = code
		return
	}
	s.wrote = true
	s.ResponseWriter.WriteHeader(code)
}

func (s *shapingWriter) Write(b []byte) (int, error) {
	if s.status != 0 {
		return s.pending.Write(b)
	}
	s.wrote = true
	return s.ResponseWriter.Write(b)
}

// Flush implements http.Flusher, which the transcoder needs.
func (s *shapingWriter) Flush() {
	if s.status != 0 {
		return
	}
	if f, ok := s.ResponseWriter.(http.Flusher); ok {
		s.wrote = true
		f.Flush()
	}
}

// Unwrap lets http.ResponseController reach the connection.
func (s *shapingWriter) Unwrap() http.ResponseWriter { return s.ResponseWriter }

// finish writes the held-back error, shaped.
func (s *shapingWriter) finish() {
	if s.status == 0 {
		return
	}
	body := s.pending.Bytes()
	var st *spb.Status
	if s.kind == wireREST {
		st = parseRESTStatus(body, s.status)
	} else {
		st = parseConnectError(body, s.status)
	}
	if !hasErrorInfo(st) {
		addErrorInfo(st)
	}
	out := restJSON(st)
	if s.kind == wireConnect {
		out = connectJSON(st)
	}
	h := s.ResponseWriter.Header()
	h.Set("Content-Type", "application/json")
	h.Set("Content-Length", strconv.Itoa(len(out)))
	h.Del("Content-Encoding")
	s.ResponseWriter.WriteHeader(httpStatus(codes.Code(st.GetCode())))
	_, _ = s.ResponseWriter.Write(out)
}

// hasErrorInfo reports whether st carries the service's ErrorInfo.
func hasErrorInfo(st *spb.Status) bool {
	for _, d := range st.GetDetails() {
		var info errdetails.ErrorInfo
		if d.UnmarshalTo(&info) == nil && info.GetDomain() == gameservice.Domain {
			return true
		}
	}
	return false
}

// addErrorInfo gives a transcoder's refusal its ErrorInfo. Its UNKNOWN is
// a request that did not parse.
func addErrorInfo(st *spb.Status) {
	code := codes.Code(st.GetCode())
	reason := gameservice.ReasonBadRequest
	switch code {
	case codes.Unknown, codes.InvalidArgument:
		code = codes.InvalidArgument
	case codes.ResourceExhausted:
		reason = gameservice.ReasonMessageTooLarge
	case codes.NotFound, codes.Unimplemented:
		reason = ReasonUnknownMethod
	case codes.Internal:
		reason = gameservice.ReasonInternal
	default:
		reason = strings.ToUpper(code.String())
	}
	st.Code = int32(code)
	info, _ := anypb.New(&errdetails.ErrorInfo{Reason: reason, Domain: gameservice.Domain})
	st.Details = append(st.Details, info)
}

// parseRESTStatus reads a REST error body; one that is not a
// google.rpc.Status becomes one from the HTTP status and the text.
func parseRESTStatus(body []byte, httpCode int) *spb.Status {
	var st spb.Status
	if err := protojson.Unmarshal(body, &st); err == nil && st.Code != 0 {
		return &st
	}
	return &spb.Status{Code: int32(codeOf(httpCode)), Message: strings.TrimSpace(string(body))}
}

// connectError is the Connect protocol's error body.
type connectError struct {
	Code    string          `json:"code"`
	Message string          `json:"message,omitempty"`
	Details []connectDetail `json:"details,omitempty"`
}

type connectDetail struct {
	Type  string `json:"type"`
	Value string `json:"value"`
}

// parseConnectError reads a Connect error body as a google.rpc.Status.
func parseConnectError(body []byte, httpCode int) *spb.Status {
	var ce connectError
	var code connect.Code
	if json.Unmarshal(body, &ce) != nil || code.UnmarshalText([]byte(ce.Code)) != nil {
		return &spb.Status{Code: int32(codeOf(httpCode)), Message: strings.TrimSpace(string(body))}
	}
	st := &spb.Status{Code: int32(code), Message: ce.Message}
	for _, d := range ce.Details {
		b, err := base64.RawStdEncoding.DecodeString(strings.TrimRight(d.Value, "="))
		if err != nil {
			continue
		}
		st.Details = append(st.Details, &anypb.Any{TypeUrl: "type.googleapis.com/" + d.Type, Value: b})
	}
	return st
}

// restJSON is st as a REST error body.
func restJSON(st *spb.Status) []byte {
	b, err := protojson.Marshal(st)
	if err != nil {
		return []byte(`{"code":13,"message":"internal error"}`)
	}
	return b
}

// connectJSON is st as a Connect error body.
func connectJSON(st *spb.Status) []byte {
	ce := connectError{Code: connect.Code(st.GetCode()).String(), Message: st.GetMessage()}
	for _, d := range st.GetDetails() {
		ce.Details = append(ce.Details, connectDetail{
			Type:  strings.TrimPrefix(d.GetTypeUrl(), "type.googleapis.com/"),
			Value: base64.RawStdEncoding.EncodeToString(d.GetValue()),
		})
	}
	b, _ := json.Marshal(ce)
	return b
}

// writeRefusal writes a refusal of the HTTP layer in the form r's
// protocol reads: REST's google.rpc.Status, or the Connect protocol's
// error.
func writeRefusal(w http.ResponseWriter, r *http.Request, code codes.Code, reason, msg string) {
	info, _ := anypb.New(&errdetails.ErrorInfo{Reason: reason, Domain: gameservice.Domain})
	st := &spb.Status{Code: int32(code), Message: msg, Details: []*anypb.Any{info}}
	body := restJSON(st)
	if wireOf(r) == wireConnect {
		body = connectJSON(st)
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(httpStatus(code))
	_, _ = w.Write(body)
}

// httpStatus is the HTTP status of a gRPC code, as REST and the Connect
// protocol write it (the table of google.rpc.Code and of the Connect
// protocol's specification).
func httpStatus(c codes.Code) int {
	switch c {
	case codes.OK:
		return http.StatusOK
	case codes.Canceled:
		return 499
	case codes.InvalidArgument, codes.FailedPrecondition, codes.OutOfRange:
		return http.StatusBadRequest
	case codes.DeadlineExceeded:
		return http.StatusGatewayTimeout
	case codes.NotFound:
		return http.StatusNotFound
	case codes.Unimplemented:
		return http.StatusNotImplemented
	case codes.AlreadyExists, codes.Aborted:
		return http.StatusConflict
	case codes.PermissionDenied:
		return http.StatusForbidden
	case codes.ResourceExhausted:
		return http.StatusTooManyRequests
	case codes.Unavailable:
		return http.StatusServiceUnavailable
	case codes.Unauthenticated:
		return http.StatusUnauthorized
	}
	return http.StatusInternalServerError
}

// codeOf is the gRPC code of an HTTP error status without a body to say.
func codeOf(httpCode int) codes.Code {
	switch httpCode {
	case http.StatusBadRequest, http.StatusUnsupportedMediaType, http.StatusMethodNotAllowed:
		return codes.InvalidArgument
	case http.StatusNotFound:
		return codes.NotFound
	case http.StatusRequestEntityTooLarge:
		return codes.ResourceExhausted
	case http.StatusUnauthorized:
		return codes.Unauthenticated
	case http.StatusForbidden:
		return codes.PermissionDenied
	case http.StatusServiceUnavailable:
		return codes.Unavailable
	}
	return codes.Unknown
}
