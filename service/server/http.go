package server

import (
	"errors"
	"net/http"

	"connectrpc.com/vanguard"
	"connectrpc.com/vanguard/vanguardgrpc"
	"github.com/moonshine-games/moonshine/service/gameservice"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
)

// The client listener serves every protocol from one http.Handler:
//
//	CORS (cors.go)
//	  refusal shaping (refusals.go): a refusal the transcoder makes itself gets its ErrorInfo
//	    GET /v1/games/{game_id}/events:watch: WatchGame over REST (watch.go)
//	    the Vanguard transcoder: gRPC passes straight through to the gRPC
//	    server; gRPC-Web, the Connect protocol and REST (google.api.http) are
//	    transcoded to gRPC and reach the same gRPC server, with its codec,
//	    interceptors and stats handler
//	      anything else (site.go): the OpenAPI document, the web app
//
// Everything reaches the one grpc.Server through its ServeHTTP, so a call
// is decoded, admitted, authenticated, limited, logged and measured the
// same way whatever protocol it came in.

// JSONOptions are the protojson options of every JSON response (REST, the
// Connect protocol with JSON): zero values of fields without presence are
// written (a seat 0, a count 0, a false, an empty list), so that a
// frontend never has to guess a missing key; a message or a field with
// presence that is unset stays absent. docs/service.md says how each kind
// of field reads.
var JSONOptions = protojson.MarshalOptions{EmitDefaultValues: true}

// handler builds the client listener's handler.
func (s *Server) handler() (http.Handler, error) {
	maxBuffer := uint32(0)
	if n := s.cfg.MaxMessageBytes; n > 0 {
		maxBuffer = uint32(gameservice.MessageCeiling * n)
	}
	transcoder, err := vanguardgrpc.NewTranscoder(s.grpc,
		vanguard.WithCodec(func(res vanguard.TypeResolver) vanguard.Codec { return newJSONCodec(res) }),
		vanguard.WithUnknownHandler(s.site()),
		vanguard.WithDefaultServiceOptions(vanguard.WithMaxMessageBufferBytes(maxBuffer)),
	)
	if err != nil {
		return nil, err
	}
	mux := http.NewServeMux()
	mux.Handle("GET /v1/games/{game_id}/events:watch", s.restWatch())
	mux.Handle("/", transcoder)
	return s.cors(shapeRefusals(mux)), nil
}

// jsonCodec is Vanguard's JSON codec with JSONOptions, except that a
// request that does not decode is handed on empty, marked with its error
// (gameservice.MarkUndecodable), so that the service's edge refuses it
// with the same INVALID_ARGUMENT and ErrorInfo as undecodable protobuf.
type jsonCodec struct{ *vanguard.JSONCodec }

func newJSONCodec(res vanguard.TypeResolver) jsonCodec {
	o := JSONOptions
	o.Resolver = res
	return jsonCodec{&vanguard.JSONCodec{MarshalOptions: o, UnmarshalOptions: protojson.UnmarshalOptions{Resolver: res}}}
}

// Unmarshal implements vanguard.Codec.
func (c jsonCodec) Unmarshal(data []byte, m proto.Message) error {
	if err := c.JSONCodec.Unmarshal(data, m); err != nil {
		gameservice.MarkUndecodable(m, errors.New(jsonError(err)))
	}
	return nil
}

// jsonError is protojson's error without its "proto: " prefix.
func jsonError(err error) string {
	const prefix = "proto: "
	msg := err.Error()
	if len(msg) > len(prefix) && msg[:len(prefix)] == prefix {
		return "invalid JSON: " + msg[len(prefix):]
	}
	return "invalid JSON: " + msg
}
