// Package httpapi serves the API over HTTP beside gRPC's own transport:
// REST (google.api.http), the Connect protocol and gRPC-Web, transcoded to
// the one gRPC server by vanguard; CORS; the HTTP edge (sizes, encodings,
// compressed bodies bounded as they expand); refusals shaped with their
// ErrorInfo on every protocol; WatchGame over REST as NDJSON; and the
// site (the OpenAPI document, the web app).
//
// It sits in front of the gRPC server that service/server builds with the
// game service (service/gameservice), whose codec, interceptors and stats
// handler every call reaches, whatever protocol it came in.
package httpapi

import (
	"log/slog"
	"net/http"

	"google.golang.org/grpc"
)

// Options configure the handler.
type Options struct {
	// GRPC is the server every call is transcoded to. Required.
	GRPC *grpc.Server
	// Logger logs the refusals made in front of it.
	Logger *slog.Logger
	// CORSOrigins are the origins whose pages may call the API (none but
	// the server's own when empty; "*" for any).
	CORSOrigins []string
	// NoWeb leaves the web app out of the site.
	NoWeb bool
	// MaxMessageBytes caps a request's size, as the service's edge does
	// (<= 0: the edge's own limit only).
	MaxMessageBytes int
}

// api is the handler's parts.
type api struct{ o Options }

// Handler returns the handler of every HTTP protocol of the API.
func Handler(o Options) (http.Handler, error) {
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	return (&api{o: o}).handler()
}
