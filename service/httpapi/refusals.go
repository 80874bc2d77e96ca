package httpapi

import (
	"bytes"
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"github.com/moonshine-games/moonshine/service/rpcstatus"
	"mime"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"connectrpc.com/connect"
	"github.com/moonshine-games/moonshine/service/telemetry"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	spb "google.golang.org/genproto/googleapis/rpc/status"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/types/known/anypb"
)

// Every refusal carries a google.rpc.ErrorInfo, whatever the protocol. The
// service's own refusals have theirs, and the transcoder carries them over
// to REST and the Connect protocol. What the HTTP layer refuses itself
// (edge.go, site.go) it writes with one, in the form the request's
// protocol reads (writeRefusal). What the transcoder refuses itself before
// any handler runs (a path or query parameter that does not parse, a size
// over its buffer, an HTTP method an RPC is not served by) it refuses
// without one, and a raw parsing error even as UNKNOWN: shapeRefusals
// gives those responses their ErrorInfo, turns UNKNOWN into
// INVALID_ARGUMENT and keeps the HTTP statuses that say more than the
// code (405 with its Allow header, 413, 415). It rewrites only the JSON
// error bodies of REST and of the Connect protocol's unary calls; gRPC's
// and gRPC-Web's refusals come from the gRPC server, whose interceptors
// give them their details. A refusal of the HTTP layer is logged, as the
// gRPC server logs a call, under a request id sent back in x-request-id.

// Reasons of the refusals made by the HTTP layer, beside the service's.
const (
	// ReasonUnknownMethod: no RPC at that path (NOT_FOUND over REST,
	// UNIMPLEMENTED over the Connect protocol).
	ReasonUnknownMethod = "UNKNOWN_METHOD"
	// ReasonMethodNotAllowed: the RPC at that path is not served with
	// that HTTP method (405, UNIMPLEMENTED; the Allow header names the
	// methods that are).
	ReasonMethodNotAllowed = "METHOD_NOT_ALLOWED"
	// ReasonUnsupportedMediaType: a content type, encoding or protocol
	// the server does not read (415, INVALID_ARGUMENT).
	ReasonUnsupportedMediaType = "UNSUPPORTED_MEDIA_TYPE"
	// ReasonHeadersTooLarge: the request line and headers are over
	// maxRequestHeaderBytes (431, RESOURCE_EXHAUSTED).
	ReasonHeadersTooLarge = "HEADERS_TOO_LARGE"
)

// refusalStatus is a refusal with its ErrorInfo.
func refusalStatus(code codes.Code, reason, msg string) *spb.Status {
	info, _ := anypb.New(&errdetails.ErrorInfo{Reason: reason, Domain: rpcstatus.Domain})
	return &spb.Status{Code: int32(code), Message: strings.ToValidUTF8(msg, "\uFFFD"), Details: []*anypb.Any{info}}
}

// badRequestStatus is a BAD_REQUEST refusal naming a field or parameter.
func badRequestStatus(field, msg string) *spb.Status {
	st := refusalStatus(codes.InvalidArgument, rpcstatus.ReasonBadRequest, field+": "+msg)
	br, _ := anypb.New(&errdetails.BadRequest{FieldViolations: []*errdetails.BadRequest_FieldViolation{{Field: field, Description: msg}}})
	st.Details = append(st.Details, br)
	return st
}

// isREST reports whether r is a REST call (or a request under /v1/ that
// names none): a request under /v1/ that is not one of the RPC protocols.
func isREST(r *http.Request) bool {
	return strings.HasPrefix(r.URL.Path, "/v1/") && !isRPCMedia(mediaType(r))
}

// isRPCMedia reports whether a content type is gRPC's, gRPC-Web's or the
// Connect protocol's streaming one: enveloped messages.
func isRPCMedia(mt string) bool {
	return strings.HasPrefix(mt, "application/grpc") || strings.HasPrefix(mt, "application/connect+")
}

// isConnectUnary reports whether r is (or would be, were it an RPC) a
// unary call of the Connect protocol: a POST of one bare message, or a
// GET with connect=v1.
func isConnectUnary(r *http.Request) bool {
	if isREST(r) || isRPCMedia(mediaType(r)) {
		return false
	}
	return r.Method == http.MethodPost || r.URL.Query().Get("connect") == "v1"
}

func mediaType(r *http.Request) string {
	mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	return mt
}

// writeRefusal writes a refusal of the HTTP layer (see writeStatus) and
// logs it under a request id it sends back.
func (a *api) writeRefusal(w http.ResponseWriter, r *http.Request, st *spb.Status, httpCode int) {
	id := requestID(r)
	w.Header().Set(telemetry.RequestIDHeader, id)
	a.logRefusal(r, st, id)
	writeStatus(w, r, st, httpCode)
}

// writeStatus writes a refusal in the form r's protocol reads: REST's
// google.rpc.Status in JSON, or through Connect's ErrorWriter the Connect
// protocol's error (unary or streaming), gRPC-Web's or gRPC's trailers.
// httpCode, if not 0, is the HTTP status of a REST or Connect unary
// refusal (else the code's, httpStatus).
func writeStatus(w http.ResponseWriter, r *http.Request, st *spb.Status, httpCode int) {
	if httpCode == 0 {
		httpCode = httpStatus(st)
	}
	if isREST(r) {
		body := restJSON(st)
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Content-Length", strconv.Itoa(len(body)))
		w.WriteHeader(httpCode)
		_, _ = w.Write(body)
		return
	}
	_ = connect.NewErrorWriter().Write(&statusWriter{ResponseWriter: w, status: httpCode}, r, connectError(status.ErrorProto(st)))
}

// statusWriter sends status instead of an error status the ErrorWriter
// derives from the code (the Connect protocol's unary errors), so that a
// 405 stays a 405.
type statusWriter struct {
	http.ResponseWriter
	status int
}

func (w *statusWriter) WriteHeader(code int) {
	if code >= 400 {
		code = w.status
	}
	w.ResponseWriter.WriteHeader(code)
}

// logRefusal logs a refusal of the HTTP layer as the gRPC server logs a
// call.
func (a *api) logRefusal(r *http.Request, st *spb.Status, id string) {
	a.o.Logger.InfoContext(r.Context(), "request", "request_id", id, "method", r.Method+" "+r.URL.Path,
		"code", codes.Code(st.GetCode()).String(), "reason", reasonOf(st), "refused_by", "http")
}

// requestID is the id an HTTP-layer refusal is logged under: the
// client's x-request-id when it is well formed (1 to 128 of
// [A-Za-z0-9._:-], as the gRPC server takes it), else a new one.
func requestID(r *http.Request) string {
	if v := r.Header.Values(telemetry.RequestIDHeader); len(v) == 1 && len(v[0]) <= 128 && v[0] != "" &&
		strings.Trim(v[0], "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._:-") == "" {
		return v[0]
	}
	var b [12]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// shapeRefusals gives the transcoder's own refusals their ErrorInfo.
func (a *api) shapeRefusals(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rest := isREST(r)
		if !rest && !isConnectUnary(r) {
			h.ServeHTTP(w, r)
			return
		}
		if rest && r.Body != nil && r.ContentLength != 0 && !isJSONMedia(r.Header.Get("Content-Type")) {
			a.writeRefusal(w, r, refusalStatus(codes.InvalidArgument, rpcstatus.ReasonBadRequest,
				"a REST request's body is JSON: send Content-Type: application/json"), 0)
			return
		}
		sw := &shapingWriter{ResponseWriter: w, rest: rest}
		seen := asSent(r)
		h.ServeHTTP(sw, r)
		sw.finish(a, seen)
	})
}

// asSent is what writing a refusal reads of r (its method, path, query
// and protocol headers), kept before the transcoder rewrites r into its
// call to the gRPC server.
func asSent(r *http.Request) *http.Request {
	u := *r.URL
	h := http.Header{}
	for _, k := range []string{"Content-Type", "Connect-Protocol-Version", telemetry.RequestIDHeader} {
		if v := r.Header.Values(k); len(v) > 0 {
			h[http.CanonicalHeaderKey(k)] = slices.Clone(v)
		}
	}
	return (&http.Request{Method: r.Method, URL: &u, Header: h}).WithContext(r.Context())
}

func isJSONMedia(contentType string) bool {
	ct, _, err := mime.ParseMediaType(contentType)
	return contentType == "" || (err == nil && ct == "application/json")
}

// shapingWriter holds back an error response's body to shape it.
type shapingWriter struct {
	http.ResponseWriter
	rest    bool // REST, else the Connect protocol's unary call
	status  int  // the status held back; 0 until WriteHeader of an error
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

// finish writes the held-back error, shaped. One that carries a request
// id came from the gRPC server, which logged it; the rest are the
// transcoder's, and are logged here.
func (s *shapingWriter) finish(srv *api, r *http.Request) {
	if s.status == 0 {
		return
	}
	body := s.pending.Bytes()
	var st *spb.Status
	if s.rest {
		st = parseRESTStatus(body, s.status)
	} else {
		st = parseConnectError(body, s.status)
	}
	st.Message = strings.ToValidUTF8(st.Message, "\uFFFD")
	keep := 0
	if !hasErrorInfo(st) {
		keep = addErrorInfo(st, s.status)
	}
	h := s.ResponseWriter.Header()
	if keep == http.StatusMethodNotAllowed {
		st.Message = r.Method + " is not served at " + shortPath(r.URL.Path) + "; allowed: " + h.Get("Allow")
	}
	h.Del("Content-Encoding")
	h.Del("Content-Length")
	if h.Get(telemetry.RequestIDHeader) == "" {
		srv.writeRefusal(s.ResponseWriter, r, st, keep)
		return
	}
	writeStatus(s.ResponseWriter, r, st, keep)
}

// hasErrorInfo reports whether st carries the service's ErrorInfo.
func hasErrorInfo(st *spb.Status) bool {
	return reasonOf(st) != ""
}

// reasonOf is the reason of st's ErrorInfo, or "".
func reasonOf(st *spb.Status) string {
	for _, d := range st.GetDetails() {
		var info errdetails.ErrorInfo
		if d.UnmarshalTo(&info) == nil && info.GetDomain() == rpcstatus.Domain {
			return info.GetReason()
		}
	}
	return ""
}

// addErrorInfo gives a transcoder's refusal its ErrorInfo, and returns
// the HTTP status to keep when the transcoder's says more than the code
// (else 0). Its UNKNOWN is a request that did not parse.
func addErrorInfo(st *spb.Status, httpCode int) int {
	code := codes.Code(st.GetCode())
	reason, keep := rpcstatus.ReasonBadRequest, 0
	switch {
	case httpCode == http.StatusMethodNotAllowed:
		code, reason, keep = codes.Unimplemented, ReasonMethodNotAllowed, httpCode
	case httpCode == http.StatusUnsupportedMediaType:
		code, reason, keep = codes.InvalidArgument, ReasonUnsupportedMediaType, httpCode
	case code == codes.Unknown, code == codes.InvalidArgument:
		code = codes.InvalidArgument
	case code == codes.ResourceExhausted:
		reason = rpcstatus.ReasonMessageTooLarge
	case code == codes.NotFound, code == codes.Unimplemented:
		reason = ReasonUnknownMethod
	case code == codes.Internal:
		reason = rpcstatus.ReasonInternal
	default:
		reason = strings.ToUpper(code.String())
	}
	st.Code = int32(code)
	info, _ := anypb.New(&errdetails.ErrorInfo{Reason: reason, Domain: rpcstatus.Domain})
	st.Details = append(st.Details, info)
	return keep
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

// parseConnectError reads the Connect protocol's error body as a
// google.rpc.Status.
func parseConnectError(body []byte, httpCode int) *spb.Status {
	var ce struct {
		Code    string `json:"code"`
		Message string `json:"message"`
		Details []struct {
			Type  string `json:"type"`
			Value string `json:"value"`
		} `json:"details"`
	}
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

// httpStatus is the HTTP status of a refusal, as REST and the Connect
// protocol write it: the table of google.rpc.Code and of the Connect
// protocol's specification, except that a request over the size limit is
// 413 Content Too Large.
func httpStatus(st *spb.Status) int {
	switch codes.Code(st.GetCode()) {
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
		switch reasonOf(st) {
		case rpcstatus.ReasonMessageTooLarge:
			return http.StatusRequestEntityTooLarge
		case ReasonHeadersTooLarge:
			return http.StatusRequestHeaderFieldsTooLarge
		}
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
	case http.StatusRequestEntityTooLarge, http.StatusRequestHeaderFieldsTooLarge:
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
