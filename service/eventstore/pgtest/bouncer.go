package pgtest

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
)

// BouncerPoolSize is the server connections StartBouncer's PgBouncer
// keeps per database and user: fewer than a store's pool, so that
// consecutive transactions of one client connection run on different
// server connections, as they do under load.
const BouncerPoolSize = 2

// Bouncer is a PgBouncer in transaction pooling mode in front of a
// PostgreSQL server, for any of its databases.
type Bouncer struct{ addr string }

// URL returns dsn (a database of the server the bouncer fronts) through
// the bouncer.
func (b *Bouncer) URL(t testing.TB, dsn string) string {
	t.Helper()
	through, err := withAddr(dsn, b.addr)
	if err != nil {
		t.Fatalf("pgtest: bouncer: %v", err)
	}
	return through
}

// StartBouncer runs PgBouncer in transaction pooling mode in front of the
// server of dsn. It skips t where PgBouncer is not installed (failing it
// under CI=true), and stops it when t ends.
func StartBouncer(t testing.TB, dsn string) *Bouncer {
	t.Helper()
	bin := Need(t, "pgbouncer", "pgbouncer")[0]
	cfg, err := pgconn.ParseConfig(dsn)
	if err != nil {
		t.Fatalf("pgtest: bouncer: %v", err)
	}
	cred, err := runAs() // PgBouncer refuses to run as root
	if err != nil {
		t.Fatalf("pgtest: %v", err)
	}
	dir, err := tempDir(cred)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.RemoveAll(dir) })
	port, err := freePort()
	if err != nil {
		t.Fatal(err)
	}
	ini := fmt.Sprintf(`[databases]
* = host=%s port=%d
[pgbouncer]
listen_addr = 127.0.0.1
listen_port = %d
unix_socket_dir =
auth_type = trust
auth_file = %s
pool_mode = transaction
default_pool_size = %d
max_client_conn = 200
ignore_startup_parameters = extra_float_digits
logfile = %s
`, cfg.Host, cfg.Port, port, filepath.Join(dir, "users.txt"), BouncerPoolSize, filepath.Join(dir, "pgbouncer.log"))
	for name, text := range map[string]string{"pgbouncer.ini": ini, "users.txt": fmt.Sprintf("%q \"\"\n", cfg.User)} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var out bytes.Buffer
	cmd := exec.Command(bin, filepath.Join(dir, "pgbouncer.ini"))
	cmd.Dir, cmd.Stdout, cmd.Stderr = dir, &out, &out
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Credential: cred, Pdeathsig: syscall.SIGKILL}
	if err := cmd.Start(); err != nil {
		t.Fatalf("pgtest: start pgbouncer: %v", err)
	}
	_ = recordGroup(dir, cmd.Process.Pid)
	exited := make(chan struct{})
	go func() {
		_ = cmd.Wait()
		close(exited)
	}()
	t.Cleanup(func() {
		_ = cmd.Process.Signal(syscall.SIGINT)
		select {
		case <-exited:
		case <-time.After(10 * time.Second):
			_ = cmd.Process.Kill()
			<-exited
		}
	})
	addr := net.JoinHostPort("127.0.0.1", strconv.Itoa(port))
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		c, err := (&net.Dialer{}).DialContext(ctx, "tcp", addr)
		cancel()
		if err == nil {
			c.Close()
			break
		}
		select {
		case <-exited:
			log, _ := os.ReadFile(filepath.Join(dir, "pgbouncer.log"))
			t.Fatalf("pgtest: pgbouncer exited:\n%s%s", out.String(), log)
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("pgtest: pgbouncer did not listen on %s", addr)
		}
	}
	return &Bouncer{addr: addr}
}
