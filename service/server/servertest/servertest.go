// Package servertest runs a Moonshine server on a loopback port for the
// tests that drive it from outside (the server's own, the CLI's, the
// end-to-end and browser tests), as net/http/httptest does for handlers.
// It sits above service/server and is imported by tests only.
package servertest

import (
	"context"
	"log/slog"
	"net"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"

	"github.com/moonshine-games/moonshine/service/server"
)

// shutdownWait bounds a server's shutdown at the end of a test.
const shutdownWait = 10 * time.Second

// Start runs a server of cfg (on ctx, as [server.New] takes it) on
// 127.0.0.1 at a free port until the test ends, and returns it and its
// address. A config without a logger logs nowhere. The test fails if the
// server does not start, or if it does not shut down cleanly: Shutdown
// or Serve returning an error.
func Start(t testing.TB, ctx context.Context, cfg server.Config) (*server.Server, string) {
	t.Helper()
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	srv, err := server.New(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(lis) }()
	t.Cleanup(func() {
		sctx, cancel := context.WithTimeout(context.Background(), shutdownWait)
		defer cancel()
		if err := srv.Shutdown(sctx); err != nil {
			t.Errorf("shutdown: %v", err)
		}
		if err := <-served; err != nil {
			t.Errorf("serve: %v", err)
		}
	})
	return srv, lis.Addr().String()
}

// Dial opens a plaintext gRPC connection to addr, closed when the test
// ends (before the server's shutdown, when the server was started first).
func Dial(t testing.TB, addr string) *grpc.ClientConn {
	t.Helper()
	conn, err := grpc.NewClient(addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	return conn
}
