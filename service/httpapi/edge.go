package httpapi

import (
	"bytes"
	"context"
	"github.com/moonshine-games/moonshine/service/rpcstatus"
	"io"
	"net/http"
	"strings"
	"unicode/utf8"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// The HTTP edge sees every request before the transcoder, and makes what
// the transcoder would refuse badly either ordinary or a clear refusal:
//
//   - a request line and headers over maxRequestHeaderBytes: 431,
//     RESOURCE_EXHAUSTED, HEADERS_TOO_LARGE, with an error body (net/http
//     reads up to httpMaxHeaderBytes before any handler runs, and refuses
//     beyond that with a bare 431 of its own);
//   - a query parameter that is not valid UTF-8: 400, INVALID_ARGUMENT,
//     BAD_REQUEST naming it;
//   - a Connect unary call without the optional Connect-Protocol-Version
//     header (a POST of application/json or application/proto outside
//     /v1/) is served as one: the header is added;
//   - gRPC-Web in text mode (application/grpc-web-text, the default of
//     Google's grpc-web client) is served, through grpcWebText;
//   - an empty body: over REST the empty message ({}), as a REST body
//     that leaves every field unset; a Connect unary call of JSON is
//     refused (INVALID_ARGUMENT, UNDECODABLE_REQUEST: an empty body is not
//     JSON), one of protobuf is the empty message, as protobuf's encoding
//     of it is empty; a gRPC-Web or Connect streaming call with no message
//     at all is refused the same way.
//
// It also notes in the request's context whether the request is JSON
// (REST, or a JSON content type), which reaches the gRPC server's
// interceptors (jsonnames.go).

const (
	// maxRequestHeaderBytes caps a request's line and headers.
	maxRequestHeaderBytes = 64 << 10
	// MaxHeaderBytes is the cap the server sets net/http to
	// (http.Server.MaxHeaderBytes, and its router's), above the edge's so
	// that the edge answers a request over its cap with an error body.
	MaxHeaderBytes = 1 << 20
)

// jsonWireKey is the context key under which the edge notes that a
// request is JSON.
type jsonWireKey struct{}

// isJSONWire reports whether the call of ctx came as JSON.
func isJSONWire(ctx context.Context) bool {
	v, _ := ctx.Value(jsonWireKey{}).(bool)
	return v
}

// edge wraps next in the HTTP edge.
func (a *api) edge(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if headerBytes(r) > maxRequestHeaderBytes {
			a.writeRefusal(w, r, refusalStatus(codes.ResourceExhausted, ReasonHeadersTooLarge,
				"the request line and headers are over the limit of 64 KiB"), http.StatusRequestHeaderFieldsTooLarge)
			return
		}
		if name, ok := badQuery(r); !ok {
			a.writeRefusal(w, r, badRequestStatus(name, "is not valid UTF-8"), 0)
			return
		}
		mt := mediaType(r)
		if r.Method == http.MethodPost && !strings.HasPrefix(r.URL.Path, "/v1/") &&
			(mt == "application/json" || mt == "application/proto") && r.Header.Get("Connect-Protocol-Version") == "" {
			r.Header.Set("Connect-Protocol-Version", "1")
		}
		if strings.HasPrefix(mt, "application/grpc-web-text") {
			tw, err := a.fromText(w, r, mt)
			defer tw.close()
			if w = tw; err != nil {
				a.writeRefusal(w, r, status.Convert(err).Proto(), 0)
				return
			}
			mt = mediaType(r)
		}
		rpc := isREST(r) || isServicePath(r.URL.Path)
		if rpc && r.Method == http.MethodPost && (!strings.HasPrefix(mt, "application/grpc") || strings.HasPrefix(mt, "application/grpc-web")) {
			if empty := emptyBody(r); empty {
				switch {
				case isREST(r):
					r.Body, r.ContentLength = io.NopCloser(strings.NewReader("{}")), 2
					r.Header.Set("Content-Type", "application/json")
				case mt != "application/proto":
					a.writeRefusal(w, r, refusalStatus(codes.InvalidArgument, rpcstatus.ReasonUndecodable,
						"the request has no message: an empty body (send {} for a message with no fields)"), 0)
					return
				}
			}
		}
		asJSON := isREST(r) || strings.HasSuffix(mt, "json") || r.URL.Query().Get("encoding") == "json"
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), jsonWireKey{}, asJSON)))
	})
}

// headerBytes counts a request's line and headers as they were sent.
func headerBytes(r *http.Request) int {
	n := len(r.Method) + len(r.RequestURI) + len(r.Proto) + 4
	for k, vv := range r.Header {
		for _, v := range vv {
			n += len(k) + len(v) + 4
		}
	}
	return n
}

// badQuery returns the first query parameter whose name or value is not
// valid UTF-8.
func badQuery(r *http.Request) (string, bool) {
	for k, vv := range r.URL.Query() {
		if !utf8.ValidString(k) {
			return "query parameter " + strings.ToValidUTF8(k, "\uFFFD"), false
		}
		for _, v := range vv {
			if !utf8.ValidString(v) {
				return k, false
			}
		}
	}
	return "", true
}

// emptyBody reports whether r's body is empty, reading one byte to know
// when the length is not declared (and giving it back).
func emptyBody(r *http.Request) bool {
	switch {
	case r.Body == nil || r.Body == http.NoBody || r.ContentLength == 0:
		return true
	case r.ContentLength > 0:
		return false
	}
	var one [1]byte
	n, err := io.ReadFull(r.Body, one[:])
	if n == 0 && err != nil {
		return true
	}
	r.Body = readCloser{io.MultiReader(bytes.NewReader(one[:n]), r.Body), r.Body}
	return false
}

// readCloser reads from one reader and closes another.
type readCloser struct {
	io.Reader
	io.Closer
}
