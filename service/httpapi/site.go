package httpapi

import (
	"net/http"
	"strings"

	"github.com/moonshine-games/moonshine/proto/apidoc"
	"github.com/moonshine-games/moonshine/web"
	"google.golang.org/grpc/codes"
)

// site serves what is not an RPC: the OpenAPI 3.1 document at
// /openapi.json (and its OpenAPI 2.0 source at /swagger.json) and the web
// app at "/". A gRPC call to an unknown method goes to the
// gRPC server, which answers UNIMPLEMENTED as gRPC clients expect; a REST
// path under /v1/, or a Connect call (a POST, or a GET of a service's
// path) that names no RPC, is refused NOT_FOUND or UNIMPLEMENTED (reason
// UNKNOWN_METHOD) with an error body.
func (a *api) site() http.Handler {
	mux := http.NewServeMux()
	for path, doc := range map[string][]byte{"/openapi.json": apidoc.OpenAPI, "/swagger.json": apidoc.Swagger} {
		mux.HandleFunc("GET "+path, func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			w.Header().Set("Cache-Control", "no-cache")
			_, _ = w.Write(doc)
		})
	}
	mux.HandleFunc("/v1/", func(w http.ResponseWriter, r *http.Request) {
		a.writeRefusal(w, r, refusalStatus(codes.NotFound, ReasonUnknownMethod, "no RPC at "+r.Method+" "+shortPath(r.URL.Path)+" (see /openapi.json)"), 0)
	})
	if !a.o.NoWeb {
		mux.Handle("/", webApp())
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch ct := r.Header.Get("Content-Type"); {
		case strings.HasPrefix(ct, "application/grpc") && !strings.HasPrefix(ct, "application/grpc-web"):
			a.o.GRPC.ServeHTTP(w, r)
		case !strings.HasPrefix(r.URL.Path, "/v1/") && (r.Method == http.MethodPost || isServicePath(r.URL.Path)):
			a.writeRefusal(w, r, refusalStatus(codes.Unimplemented, ReasonUnknownMethod, "no RPC at "+shortPath(r.URL.Path)), 0)
		default:
			mux.ServeHTTP(w, r)
		}
	})
}

// isServicePath reports whether path is under one of the server's RPC
// services (/moonshine.v1.GameService/…, /grpc.health.v1.Health/…).
func isServicePath(path string) bool {
	return strings.HasPrefix(path, "/moonshine.") || strings.HasPrefix(path, "/grpc.")
}

// shortPath is path cut to what a refusal's message repeats of it.
func shortPath(path string) string {
	const most = 200
	if len(path) <= most {
		return path
	}
	return strings.ToValidUTF8(path[:most], "") + "…"
}

// webApp serves the embedded web app. Its pages are routed in the browser
// (/#/games/…), so the server serves files only; the assets' names carry
// no hash, so they are revalidated rather than cached for long.
func webApp() http.Handler {
	files := http.FileServerFS(web.Assets())
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-cache")
		w.Header().Set("X-Content-Type-Options", "nosniff")
		w.Header().Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'")
		files.ServeHTTP(w, r)
	})
}
