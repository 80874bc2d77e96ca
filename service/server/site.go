package server

import (
	"net/http"
	"strings"

	"github.com/moonshine-games/moonshine/proto/apidoc"
	"github.com/moonshine-games/moonshine/web"
	"google.golang.org/grpc/codes"
)

// site serves what is not an RPC: the OpenAPI document at /openapi.json
// and the web app at "/". A gRPC call to an unknown method goes to the
// gRPC server, which answers UNIMPLEMENTED as gRPC clients expect; a REST
// path under /v1/ or a Connect call that names no RPC is refused NOT_FOUND
// or UNIMPLEMENTED (reason UNKNOWN_METHOD).
func (s *Server) site() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /openapi.json", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Cache-Control", "no-cache")
		_, _ = w.Write(apidoc.OpenAPI)
	})
	mux.HandleFunc("/v1/", func(w http.ResponseWriter, r *http.Request) {
		writeRefusal(w, r, codes.NotFound, ReasonUnknownMethod, "no RPC at "+r.Method+" "+r.URL.Path+" (see /openapi.json)")
	})
	if !s.cfg.NoWeb {
		mux.Handle("/", webApp())
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch ct := r.Header.Get("Content-Type"); {
		case strings.HasPrefix(ct, "application/grpc") && !strings.HasPrefix(ct, "application/grpc-web"):
			s.grpc.ServeHTTP(w, r)
		case r.Method == http.MethodPost && !strings.HasPrefix(r.URL.Path, "/v1/"):
			writeRefusal(w, r, codes.Unimplemented, ReasonUnknownMethod, "no RPC at "+r.URL.Path)
		default:
			mux.ServeHTTP(w, r)
		}
	})
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
