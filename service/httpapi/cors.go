package httpapi

import (
	"net/http"
	"slices"
	"time"

	connectcors "connectrpc.com/cors"
	"github.com/rs/cors"
)

// corsMaxAge is how long a browser may keep a preflight's answer.
const corsMaxAge = 2 * time.Hour

// cors lets the pages of the configured origins call the service from a
// browser, over any of its protocols (github.com/rs/cors, with Connect's
// lists of the headers gRPC-Web and the Connect protocol use, and the
// Authorization header that carries credentials, the X-Api-Key header of
// an app's key and X-Request-Id). Preflights (OPTIONS
// with Access-Control-Request-Method) are answered here, 204, allowing
// the method and headers asked for when the origin is listed and nothing
// otherwise, and never reach the service. With no origin configured no
// page but the server's own is allowed, and the preflight is answered all
// the same (without the allow headers, so the browser refuses the call).
// No cookie is ever used, so credentials mode is not allowed.
func (a *api) cors(h http.Handler) http.Handler {
	origins := a.o.CORSOrigins
	opts := cors.Options{
		AllowedMethods: connectcors.AllowedMethods(),
		AllowedHeaders: append(connectcors.AllowedHeaders(), "Authorization", "X-Api-Key", "X-Request-Id"),
		ExposedHeaders: append(connectcors.ExposedHeaders(), "X-Request-Id"),
		MaxAge:         int(corsMaxAge / time.Second),
	}
	switch {
	case slices.Contains(origins, "*"):
		opts.AllowedOrigins = []string{"*"}
	case len(origins) > 0:
		opts.AllowedOrigins = origins
	default:
		opts.AllowOriginFunc = func(string) bool { return false }
	}
	return cors.New(opts).Handler(h)
}
