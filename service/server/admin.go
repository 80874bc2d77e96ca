package server

import (
	"net/http"
	"net/http/pprof"

	"github.com/moonshine-games/moonshine/service/telemetry"
)

// AdminHandler serves the operators' endpoints, for a listener of their
// own that clients cannot reach:
//
//	/metrics        Prometheus metrics
//	/livez          200 while the process serves
//	/readyz         200 while the store answers, else 503
//	/debug/pprof/   the Go profiler (net/http/pprof)
func (s *Server) AdminHandler() http.Handler { return AdminHandler(s.tel, s.Ready) }

// AdminHandler is Server.AdminHandler for a server that may not exist
// yet (cmd/moonshined serves it while New waits for the database): tel's
// metrics, and ready's verdict.
func AdminHandler(tel *telemetry.Telemetry, ready func() bool) http.Handler {
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", tel.Handler())
	mux.HandleFunc("GET /livez", func(w http.ResponseWriter, _ *http.Request) { _, _ = w.Write([]byte("ok\n")) })
	mux.HandleFunc("GET /readyz", func(w http.ResponseWriter, _ *http.Request) {
		if !ready() {
			http.Error(w, "the event store does not answer", http.StatusServiceUnavailable)
			return
		}
		_, _ = w.Write([]byte("ok\n"))
	})
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/cmdline", pprof.Cmdline)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	return mux
}
