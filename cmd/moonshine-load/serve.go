package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/eventstore/memstore"
	"github.com/moonshine-games/moonshine/service/server"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
)

// serve runs this process as one server for a parent moonshine-load: the
// real server on a loopback port, with its admin listener (metrics,
// pprof), limits off. It prints "<grpc addr> <admin addr>" once it serves
// and stops when its standard input closes (the parent ended) or at
// SIGTERM.
func serve(ctx context.Context, o options, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(ctx, syscall.SIGTERM, syscall.SIGINT)
	defer stop()
	cfg := server.Config{
		Logger:      slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelWarn})),
		CommandRate: -1, CreateRate: -1, APIKeyRate: -1,
		MaxStreamsPerCredential: -1, MaxStreams: -1, CacheBytes: o.cacheMiB << 20,
		MaxMessageBytes: 16 << 20,
	}
	switch o.store {
	case "memory":
		cfg.Store = memstore.New()
	case "sqlite":
		dir, err := os.MkdirTemp("", "moonshine-load")
		if err != nil {
			fmt.Fprintln(stderr, err)
			return 1
		}
		defer os.RemoveAll(dir)
		cfg.DBPath = filepath.Join(dir, "load.db")
	case "postgres":
		cfg.DatabaseURL = os.Getenv("DATABASE_URL")
	}
	srv, err := server.New(ctx, cfg)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	admin, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	go func() { _ = srv.Serve(lis) }()
	go func() { _ = http.Serve(admin, srv.AdminHandler()) }()
	fmt.Fprintln(stdout, lis.Addr(), admin.Addr())
	go func() { // the parent holds our standard input: its end is ours
		_, _ = io.Copy(io.Discard, os.Stdin)
		stop()
	}()
	<-ctx.Done()
	sctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_ = srv.Shutdown(sctx)
	return 0
}

// instance is one server under load.
type instance struct {
	addr   string
	admin  string // host:port of its admin listener; "" when not known
	conn   *grpc.ClientConn
	client moonshinev1.GameServiceClient
	cmd    *exec.Cmd // nil for a server this run did not start
	stdin  io.Closer
}

// fleet is the servers of a run.
type fleet struct {
	store     string
	instances []*instance
}

// startFleet dials -addr, or starts -instances servers.
func startFleet(ctx context.Context, o options, stderr io.Writer) (*fleet, error) {
	f := &fleet{store: o.store}
	if len(o.addrs) > 0 {
		f.store = "remote"
		for i, a := range o.addrs {
			in := &instance{addr: a}
			if len(o.metrics) > 0 {
				in.admin = o.metrics[i]
			}
			f.instances = append(f.instances, in)
		}
	} else {
		if o.store == "postgres" && os.Getenv("DATABASE_URL") == "" {
			return nil, fmt.Errorf("-store postgres needs DATABASE_URL")
		}
		for range o.instances {
			in, err := spawn(ctx, o, stderr)
			if err != nil {
				f.close()
				return nil, err
			}
			f.instances = append(f.instances, in)
		}
	}
	for _, in := range f.instances {
		conn, err := grpc.NewClient(in.addr, grpc.WithTransportCredentials(insecure.NewCredentials()),
			grpc.WithDefaultCallOptions(grpc.MaxCallRecvMsgSize(64<<20)))
		if err != nil {
			f.close()
			return nil, err
		}
		in.conn, in.client = conn, moonshinev1.NewGameServiceClient(conn)
	}
	return f, nil
}

// spawn starts this binary as a server (-serve) and waits for its
// addresses.
func spawn(ctx context.Context, o options, stderr io.Writer) (*instance, error) {
	self, err := os.Executable()
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(self, "-serve", "-store", o.store, "-cache-mib", fmt.Sprint(o.cacheMiB))
	cmd.Stderr = stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	in := &instance{cmd: cmd, stdin: stdin}
	line := make(chan string, 1)
	go func() {
		s := bufio.NewScanner(out)
		if s.Scan() {
			line <- s.Text()
		}
		close(line)
		_, _ = io.Copy(io.Discard, out)
	}()
	select {
	case l, ok := <-line:
		parts := strings.Fields(l)
		if !ok || len(parts) != 2 {
			in.stop()
			return nil, fmt.Errorf("server did not start")
		}
		in.addr, in.admin = parts[0], parts[1]
		return in, nil
	case <-ctx.Done():
		in.stop()
		return nil, ctx.Err()
	case <-time.After(2 * time.Minute):
		in.stop()
		return nil, fmt.Errorf("server did not start within 2 minutes")
	}
}

func (in *instance) stop() {
	if in.conn != nil {
		in.conn.Close()
	}
	if in.cmd == nil {
		return
	}
	in.stdin.Close()
	done := make(chan struct{})
	go func() { _ = in.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(15 * time.Second):
		_ = in.cmd.Process.Kill()
		<-done
	}
}

func (f *fleet) close() {
	for _, in := range f.instances {
		in.stop()
	}
}

func (f *fleet) describe() string {
	if f.store == "remote" {
		addrs := make([]string, len(f.instances))
		for i, in := range f.instances {
			addrs[i] = in.addr
		}
		return "remote " + strings.Join(addrs, ",")
	}
	return fmt.Sprintf("%s, %d server process(es)", f.store, len(f.instances))
}

// client returns the client for the n-th game or seat: games and seats
// are spread over the instances.
func (f *fleet) client(n int) moonshinev1.GameServiceClient {
	return f.instances[n%len(f.instances)].client
}

// machine says what the run's machine was doing, for the report.
func machine() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return ""
	}
	return "load average " + strings.Join(strings.Fields(string(b))[:3], " ")
}
