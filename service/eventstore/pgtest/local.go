package pgtest

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5"
)

// findBinDir returns a directory holding initdb and postgres, newest
// version first.
func findBinDir() (string, error) {
	var dirs []string
	for _, pattern := range []string{"/usr/lib/postgresql/*/bin", "/usr/pgsql-*/bin", "/usr/local/pgsql/bin"} {
		m, _ := filepath.Glob(pattern)
		slices.SortFunc(m, func(a, b string) int { return cmp.Compare(versionOf(b), versionOf(a)) })
		dirs = append(dirs, m...)
	}
	for _, d := range dirs {
		if isExec(filepath.Join(d, "initdb")) && isExec(filepath.Join(d, "postgres")) {
			return d, nil
		}
	}
	if p, err := exec.LookPath("initdb"); err == nil {
		d := filepath.Dir(p)
		if isExec(filepath.Join(d, "postgres")) {
			return d, nil
		}
	}
	return "", errors.New("local: no initdb and postgres in /usr/lib/postgresql/*/bin, /usr/pgsql-*/bin or PATH")
}

// versionOf extracts the major version from a path like /usr/lib/postgresql/15/bin.
func versionOf(dir string) int {
	for _, part := range strings.FieldsFunc(dir, func(r rune) bool { return r == '/' || r == '-' }) {
		if v, err := strconv.Atoi(part); err == nil {
			return v
		}
	}
	return 0
}

func isExec(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && !fi.IsDir() && fi.Mode()&0o111 != 0
}

// startLocal runs a throwaway cluster: initdb in a temporary directory, then
// postgres as a child of this process (killed with it, through
// Pdeathsig, if the test binary dies before Main stops it).
func startLocal() (*server, error) {
	bin, err := findBinDir()
	if err != nil {
		return nil, err
	}
	attr := &syscall.SysProcAttr{Pdeathsig: syscall.SIGQUIT}
	sweepOrphans()
	dir, err := os.MkdirTemp("", tempPrefix)
	if err != nil {
		return nil, fmt.Errorf("local: %w", err)
	}
	if err := os.WriteFile(filepath.Join(dir, ownerFile), []byte(strconv.Itoa(os.Getpid())), 0o644); err != nil {
		return nil, fmt.Errorf("local: %w", err)
	}
	fail := func(err error) (*server, error) {
		_ = os.RemoveAll(dir)
		return nil, fmt.Errorf("local cluster from %s: %w", bin, err)
	}
	if os.Geteuid() == 0 {
		// initdb refuses to run as root: run the cluster as postgres.
		u, err := user.Lookup("postgres")
		if err != nil {
			return fail(fmt.Errorf("running as root and no postgres user to run the server as: %w", err))
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		if err := os.Chown(dir, uid, gid); err != nil {
			return fail(err)
		}
		attr.Credential = &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}
	}
	data := filepath.Join(dir, "data")
	initdb := exec.Command(filepath.Join(bin, "initdb"), "-D", data, "-U", "postgres",
		"--auth=trust", "--encoding=UTF8", "--no-locale", "--no-sync")
	initdb.SysProcAttr = &syscall.SysProcAttr{Credential: attr.Credential}
	initdb.Dir = dir
	if out, err := initdb.CombinedOutput(); err != nil {
		return fail(fmt.Errorf("initdb: %w\n%s", err, out))
	}
	port, err := freePort()
	if err != nil {
		return fail(err)
	}
	fsync := "off"
	if v := os.Getenv("PGTEST_FSYNC"); v == "on" || v == "1" {
		fsync = "on"
	}
	var logBuf bytes.Buffer
	pg := exec.Command(filepath.Join(bin, "postgres"), "-D", data,
		"-p", strconv.Itoa(port),
		"-c", "listen_addresses=127.0.0.1",
		"-c", "unix_socket_directories="+dir,
		"-c", "fsync="+fsync,
		"-c", "full_page_writes="+fsync,
		"-c", "max_connections=300",
		"-c", "shared_buffers=128MB",
	)
	pg.SysProcAttr = attr
	pg.Dir = dir
	pg.Stdout = &logBuf
	pg.Stderr = &logBuf
	if err := pg.Start(); err != nil {
		return fail(fmt.Errorf("start postgres: %w", err))
	}
	exited := make(chan error, 1)
	go func() { exited <- pg.Wait() }()
	stop := func() error {
		_ = pg.Process.Signal(syscall.SIGINT) // fast shutdown
		select {
		case <-exited:
		case <-time.After(30 * time.Second):
			_ = pg.Process.Kill()
			<-exited
		}
		return os.RemoveAll(dir)
	}
	u := fmt.Sprintf("postgres://postgres@127.0.0.1:%d/postgres?sslmode=disable", port)
	if err := waitReady(u, exited); err != nil {
		_ = stop()
		return nil, fmt.Errorf("local cluster from %s: %w\n%s", bin, err, logBuf.String())
	}
	return &server{url: u, how: fmt.Sprintf("local cluster (%s, port %d, fsync %s)", bin, port, fsync), stop: stop}, nil
}

const (
	tempPrefix = "moonshine-pgtest-"
	// ownerFile holds the pid of the test binary that made the directory.
	ownerFile = "owner.pid"
)

// sweepOrphans removes cluster directories left by test binaries that were
// killed (their postgres died with them, through Pdeathsig, but the
// directory stayed).
func sweepOrphans() {
	dirs, _ := filepath.Glob(filepath.Join(os.TempDir(), tempPrefix+"*"))
	for _, d := range dirs {
		b, err := os.ReadFile(filepath.Join(d, ownerFile))
		if err != nil {
			continue
		}
		pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
		if err != nil || pid <= 0 {
			continue
		}
		if err := syscall.Kill(pid, 0); errors.Is(err, syscall.ESRCH) {
			killGroups(d) // clusters that outlive their binary (StartHA's, StartBouncer's)
			_ = os.RemoveAll(d)
		}
	}
}

// freePort asks the kernel for an unused TCP port on 127.0.0.1.
func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, fmt.Errorf("find a free port: %w", err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// waitReady polls until the server accepts a connection or exits.
func waitReady(u string, exited <-chan error) error {
	deadline := time.Now().Add(60 * time.Second)
	for {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		conn, err := pgx.Connect(ctx, u)
		cancel()
		if err == nil {
			_ = conn.Close(context.Background())
			return nil
		}
		select {
		case werr := <-exited:
			return fmt.Errorf("postgres exited: %v", werr)
		case <-time.After(50 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("postgres not ready: %w", err)
		}
	}
}
