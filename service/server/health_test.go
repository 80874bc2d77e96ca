package server_test

import (
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/moonshine-games/moonshine/service/eventstore/pgtest"
	"github.com/moonshine-games/moonshine/service/server"
	"google.golang.org/grpc"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
)

// waitHealth polls the service's health until it is want.
func waitHealth(t *testing.T, conn *grpc.ClientConn, service string, want healthpb.HealthCheckResponse_ServingStatus) {
	t.Helper()
	h := healthpb.NewHealthClient(conn)
	var got healthpb.HealthCheckResponse_ServingStatus
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		resp, err := h.Check(t.Context(), &healthpb.HealthCheckRequest{Service: service})
		if err != nil {
			t.Fatalf("health %q: %v", service, err)
		}
		if got = resp.GetStatus(); got == want {
			return
		}
	}
	t.Fatalf("health %q stayed %v, want %v", service, got, want)
}

// readyz returns the admin handler's /readyz status code.
func readyz(t *testing.T, srv *server.Server) int {
	t.Helper()
	rec := httptest.NewRecorder()
	srv.AdminHandler().ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/readyz", nil))
	return rec.Code
}

// TestReadinessFollowsTheDatabase takes PostgreSQL away from a running
// server: readiness turns NOT_SERVING while liveness stays SERVING, and
// readiness comes back by itself once the database does.
func TestReadinessFollowsTheDatabase(t *testing.T) {
	proxy, url := pgtest.NewProxy(t, pgtest.New(t))
	srv, conn := startServer(t, server.Config{DatabaseURL: url, HealthInterval: 50 * time.Millisecond})
	for _, service := range []string{"", server.ReadinessService, server.LivenessService} {
		waitHealth(t, conn, service, healthpb.HealthCheckResponse_SERVING)
	}
	proxy.Cut()
	waitHealth(t, conn, "", healthpb.HealthCheckResponse_NOT_SERVING)
	waitHealth(t, conn, server.ReadinessService, healthpb.HealthCheckResponse_NOT_SERVING)
	waitHealth(t, conn, server.LivenessService, healthpb.HealthCheckResponse_SERVING)
	if code := readyz(t, srv); code != http.StatusServiceUnavailable {
		t.Errorf("/readyz during the outage: %d", code)
	}
	if err := proxy.Restore(); err != nil {
		t.Fatal(err)
	}
	waitHealth(t, conn, "", healthpb.HealthCheckResponse_SERVING)
	waitHealth(t, conn, server.ReadinessService, healthpb.HealthCheckResponse_SERVING)
	if code := readyz(t, srv); code != http.StatusOK {
		t.Errorf("/readyz after the outage: %d", code)
	}
}
