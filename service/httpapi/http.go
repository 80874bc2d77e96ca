package httpapi

import (
	"github.com/moonshine-games/moonshine/service/edge"
	"net/http"

	"connectrpc.com/connect"
	"connectrpc.com/vanguard"
	"connectrpc.com/vanguard/vanguardgrpc"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
)

// The client listener serves every protocol from one http.Handler:
//
//	CORS (cors.go)
//	  the HTTP edge (edge.go): headers and query of a size and encoding the
//	  server reads, a JSON request marked as such, a Connect call without
//	  Connect-Protocol-Version and gRPC-Web's text mode (grpcwebtext.go)
//	  made ordinary, an empty body refused
//	    refusal shaping (refusals.go): a refusal the transcoder makes itself gets its ErrorInfo
//	      GET /v1/games/{game_id}/events:watch: WatchGame over REST (watch.go)
//	      the Vanguard transcoder: gRPC passes straight through to the gRPC
//	      server; gRPC-Web, the Connect protocol and REST (google.api.http) are
//	      transcoded to gRPC and reach the same gRPC server, with its codec,
//	      interceptors and stats handler
//	        anything else (site.go): the OpenAPI document, the web app
//
// Everything reaches the one grpc.Server through its ServeHTTP, so a call
// is decoded, admitted, authenticated, limited, logged and measured the
// same way whatever protocol it came in. The transcoder decodes JSON
// itself; a request that is not JSON of its message, or whose compressed
// body expands past the limit, is refused there, with the service's
// refusal (jsonCodec, boundedGzip) and its ErrorInfo.

// JSONOptions are the protojson options of every JSON response (REST, the
// Connect protocol with JSON): zero values of fields without presence are
// written (a seat 0, a count 0, a false, an empty list), so that a
// frontend never has to guess a missing key; a message or a field with
// presence that is unset stays absent. docs/service.md says how each kind
// of field reads.
var JSONOptions = protojson.MarshalOptions{EmitDefaultValues: true}

// handler builds the client listener's handler.
func (a *api) handler() (http.Handler, error) {
	limit := a.transcodeLimit()
	opts := []vanguard.TranscoderOption{
		vanguard.WithCodec(func(res vanguard.TypeResolver) vanguard.Codec { return newJSONCodec(res) }),
		vanguard.WithCompression(vanguard.CompressionGzip, newGzipCompressor, func() connect.Decompressor { return newBoundedGzip(limit) }),
		vanguard.WithUnknownHandler(a.site()),
		// The gRPC server is in this process: a request is never
		// compressed again on its way there.
		vanguard.WithDefaultServiceOptions(vanguard.WithNoTargetCompression()),
	}
	if limit > 0 {
		opts = append(opts, vanguard.WithDefaultServiceOptions(vanguard.WithMaxMessageBufferBytes(uint32(limit))))
	}
	transcoder, err := vanguardgrpc.NewTranscoder(a.o.GRPC, opts...)
	if err != nil {
		return nil, err
	}
	mux := http.NewServeMux()
	mux.Handle("GET /v1/games/{game_id}/events:watch", a.restWatch())
	mux.Handle("/", transcoder)
	return a.cors(a.edge(a.shapeRefusals(mux))), nil
}

// transcodeLimit is the most bytes the transcoder holds of one message,
// compressed or not: the ceiling up to which the service refuses a large
// request with its reason (edge.MessageCeiling); 0: no limit.
func (a *api) transcodeLimit() int {
	if n := a.o.MaxMessageBytes; n > 0 {
		return edge.MessageCeiling * n
	}
	return 0
}

// jsonCodec is Vanguard's JSON codec with JSONOptions, refusing a request
// that does not decode with the service's refusal
// (edge.Undecodable), which the transcoder sends as it is.
type jsonCodec struct{ *vanguard.JSONCodec }

func newJSONCodec(res vanguard.TypeResolver) jsonCodec {
	o := JSONOptions
	o.Resolver = res
	return jsonCodec{&vanguard.JSONCodec{MarshalOptions: o, UnmarshalOptions: protojson.UnmarshalOptions{Resolver: res}}}
}

// Unmarshal implements vanguard.Codec.
func (c jsonCodec) Unmarshal(data []byte, m proto.Message) error {
	if err := c.JSONCodec.Unmarshal(data, m); err != nil {
		return connectError(edge.Undecodable(m, jsonError{err}))
	}
	return nil
}

// jsonError says what protojson found wrong, without its "proto:" prefix.
type jsonError struct{ err error }

func (e jsonError) Error() string {
	msg := e.err.Error()
	for _, prefix := range []string{"proto:\u00a0", "proto: "} { // protojson randomises the space
		if len(msg) > len(prefix) && msg[:len(prefix)] == prefix {
			msg = msg[len(prefix):]
			break
		}
	}
	return "invalid JSON: " + msg
}

// connectError is a gRPC status error as a Connect error, with its
// details, which is how the transcoder takes an error to send.
func connectError(err error) *connect.Error {
	st := status.Convert(err)
	ce := connect.NewError(connect.Code(st.Code()), errorMessage(st.Message()))
	for _, d := range st.Proto().GetDetails() {
		if detail, derr := connect.NewErrorDetail(d); derr == nil {
			ce.AddDetail(detail)
		}
	}
	return ce
}

// errorMessage is an error that is its message.
type errorMessage string

func (e errorMessage) Error() string { return string(e) }
