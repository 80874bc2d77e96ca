package pgtest

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// HA is a pg_auto_failover formation on this machine, for failover
// tests: a monitor and two PostgreSQL nodes, a primary and a hot standby
// that the monitor promotes when the primary dies. Every process of a
// node is in a process group of its own, so that [HA.Kill] kills the
// node as losing its machine would.
//
// The monitor's health checks are tightened (a check a second, a node
// unhealthy after 2 s, 1 s for a primary to demote) so that a failover
// takes seconds, not the defaults' half a minute; the nodes run with
// fsync off (a killed process loses nothing the operating system holds).
// Replication is synchronous, pg_auto_failover's default: the primary's
// synchronous_standby_names names the standby once it has caught up.
type HA struct {
	// Nodes are the formation's data nodes, node1 first (the first primary).
	Nodes [2]*Node

	t       testing.TB
	dir     string
	cred    *syscall.Credential
	autoctl string
	env     []string
	monitor *proc
	monPort int
	stalled []int // WAL senders StallReplication stopped
}

// Node is a data node of an [HA] formation.
type Node struct {
	// Name is the node's name in the formation: node1, node2.
	Name   string
	Port   int
	PGData string
	proc   *proc
}

// proc is a pg_autoctl process, leader of its process group.
type proc struct {
	cmd  *exec.Cmd
	done chan struct{}
}

// HADatabase is the database a formation's nodes hold.
const HADatabase = "moonshine"

// haPackages are the Debian packages StartHA needs.
const haPackages = "postgresql-15-auto-failover pg-auto-failover-cli"

// monitorSettings speed the monitor's failover up (milliseconds).
var monitorSettings = map[string]int{
	"pgautofailover.health_check_period":               1000,
	"pgautofailover.health_check_timeout":              1000,
	"pgautofailover.health_check_max_retries":          1,
	"pgautofailover.health_check_retry_delay":          200,
	"pgautofailover.node_considered_unhealthy_timeout": 2000,
	"pgautofailover.primary_demote_timeout":            1000,
}

// StartHA starts a formation and returns once node1 is its primary and
// node2 a synchronous standby (some 15 to 30 s on 2 cores). It skips t
// under -short and where pg_auto_failover is not installed (failing it
// under CI=true instead), and stops everything when t ends.
func StartHA(t testing.TB) *HA {
	t.Helper()
	if testing.Short() {
		t.Skip("pgtest: PostgreSQL tests are skipped under -short")
	}
	paths := Need(t, haPackages+" postgresql", "pg_autoctl", "initdb", "pg_ctl")
	if m, _ := filepath.Glob("/usr/share/postgresql/*/extension/pgautofailover.control"); len(m) == 0 {
		Need(t, haPackages, "pgautofailover extension")
	}
	cred, err := runAs()
	if err != nil {
		t.Fatalf("pgtest: %v", err)
	}
	dir, err := tempDir(cred)
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Dir(paths[1])
	h := &HA{t: t, dir: dir, cred: cred, autoctl: paths[0],
		env: []string{"PATH=" + bin + ":/usr/bin:/bin", "HOME=" + dir, "XDG_CONFIG_HOME=" + filepath.Join(dir, "config"),
			"XDG_DATA_HOME=" + filepath.Join(dir, "data"), "XDG_RUNTIME_DIR=" + filepath.Join(dir, "run")}}
	t.Cleanup(h.stop)
	if err := h.start(bin); err != nil {
		t.Fatalf("pgtest: start a pg_auto_failover formation: %v\n%s", err, h.logs())
	}
	return h
}

func (h *HA) start(bin string) error {
	ports := make([]int, 3)
	for i := range ports {
		p, err := freePort()
		if err != nil {
			return err
		}
		ports[i] = p
	}
	h.monPort = ports[0]
	for i := range h.Nodes {
		h.Nodes[i] = &Node{Name: fmt.Sprint("node", i+1), Port: ports[i+1], PGData: filepath.Join(h.dir, fmt.Sprint("node", i+1))}
	}
	// The monitor's and node1's clusters at once, without syncing (what
	// pg_autoctl's own initdb would spend most of the start on).
	errs := make(chan error, 2)
	for _, d := range []string{filepath.Join(h.dir, "monitor"), h.Nodes[0].PGData} {
		go func() { errs <- h.initdb(bin, d) }()
	}
	if err := errors.Join(<-errs, <-errs); err != nil {
		return err
	}
	conf := "fsync = off\nfull_page_writes = off\ncheckpoint_completion_target = 0.1\n"
	if err := appendFile(filepath.Join(h.Nodes[0].PGData, "postgresql.conf"), conf); err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	var err error
	h.monitor, err = h.run("monitor", "create", "monitor", "--pgdata", filepath.Join(h.dir, "monitor"), "--pgport", strconv.Itoa(h.monPort),
		"--hostname", "127.0.0.1", "--listen", "127.0.0.1", "--auth", "trust", "--no-ssl", "--run")
	if err != nil {
		return err
	}
	if err := h.setUpMonitor(ctx); err != nil {
		return err
	}
	monitor := fmt.Sprintf("postgres://autoctl_node@127.0.0.1:%d/pg_auto_failover?sslmode=disable", h.monPort)
	for i, n := range h.Nodes {
		n.proc, err = h.run(n.Name, "create", "postgres", "--pgdata", n.PGData, "--pgport", strconv.Itoa(n.Port), "--hostname", "127.0.0.1",
			"--listen", "127.0.0.1", "--auth", "trust", "--no-ssl", "--monitor", monitor, "--name", n.Name, "--dbname", HADatabase, "--run")
		if err != nil {
			return err
		}
		if i == 0 {
			if err := h.waitStates(ctx, map[string]string{"node1": "single"}, nil); err != nil {
				return err
			}
		}
	}
	// The standby's base backup waits for a checkpoint, spread over
	// minutes unless someone asks for one at once.
	return h.waitStates(ctx, map[string]string{"node1": "primary", "node2": "secondary"}, func(ctx context.Context) {
		_ = h.exec(ctx, h.Nodes[0], "CHECKPOINT")
	})
}

func appendFile(path, text string) error {
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	_, err = f.WriteString(text)
	return errors.Join(err, f.Close())
}

// initdb makes a cluster at dir, as the postgres user.
func (h *HA) initdb(bin, dir string) error {
	cmd := exec.Command(filepath.Join(bin, "initdb"), "-D", dir, "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--no-locale", "--no-sync")
	cmd.Dir, cmd.Env = h.dir, h.env
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: h.cred}
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("initdb %s: %w\n%s", dir, err, out)
	}
	return nil
}

// run starts pg_autoctl with args in a process group of its own, logging
// to name.log.
func (h *HA) run(name string, args ...string) (*proc, error) {
	logf, err := os.OpenFile(filepath.Join(h.dir, name+".log"), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return nil, err
	}
	defer logf.Close()
	cmd := exec.Command(h.autoctl, args...)
	cmd.Dir, cmd.Env, cmd.Stdout, cmd.Stderr = h.dir, h.env, logf, logf
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Credential: h.cred}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("pg_autoctl %s: %w", strings.Join(args, " "), err)
	}
	if err := recordGroup(h.dir, cmd.Process.Pid); err != nil {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		return nil, err
	}
	p := &proc{cmd: cmd, done: make(chan struct{})}
	go func() {
		_ = cmd.Wait()
		close(p.done)
	}()
	return p, nil
}

// setUpMonitor waits for the monitor and tightens its health checks.
func (h *HA) setUpMonitor(ctx context.Context) error {
	for {
		err := h.monitorExec(ctx, "SELECT 1 FROM pgautofailover.formation")
		if err == nil {
			break
		}
		select {
		case <-h.monitor.done:
			return errors.New("the monitor exited")
		case <-ctx.Done():
			return fmt.Errorf("the monitor is not up: %w", err)
		case <-time.After(100 * time.Millisecond):
		}
	}
	for name, v := range monitorSettings {
		if err := h.monitorExec(ctx, fmt.Sprintf("ALTER SYSTEM SET %s = %d", name, v)); err != nil {
			return err
		}
	}
	return h.monitorExec(ctx, "SELECT pg_reload_conf()")
}

func (h *HA) monitorURL() string {
	return fmt.Sprintf("postgres://postgres@127.0.0.1:%d/pg_auto_failover?sslmode=disable&connect_timeout=2", h.monPort)
}

func (h *HA) monitorExec(ctx context.Context, sql string) error {
	conn, err := pgx.Connect(ctx, h.monitorURL())
	if err != nil {
		return err
	}
	defer conn.Close(context.WithoutCancel(ctx))
	_, err = conn.Exec(ctx, sql)
	return err
}

// States returns each node's state as the monitor has it: the state
// reported, and the goal it assigned when that differs
// ("secondary", "wait_primary", "primary>demoted").
func (h *HA) States(ctx context.Context) (map[string]string, error) {
	conn, err := pgx.Connect(ctx, h.monitorURL())
	if err != nil {
		return nil, err
	}
	defer conn.Close(context.WithoutCancel(ctx))
	rows, err := conn.Query(ctx, `SELECT nodename, reportedstate::text, goalstate::text FROM pgautofailover.node`)
	if err != nil {
		return nil, err
	}
	out := map[string]string{}
	var name, reported, goal string
	_, err = pgx.ForEachRow(rows, []any{&name, &reported, &goal}, func() error {
		out[name] = reported
		if goal != reported {
			out[name] += ">" + goal
		}
		return nil
	})
	return out, err
}

// waitStates waits until every named node is in its state (reported and
// goal alike), running meanwhile, if set, each 250 ms.
func (h *HA) waitStates(ctx context.Context, want map[string]string, meanwhile func(context.Context)) error {
	var last map[string]string
	for {
		states, err := h.States(ctx)
		if err == nil {
			last = states
			ok := true
			for name, st := range want {
				ok = ok && states[name] == st
			}
			if ok {
				return nil
			}
		}
		if meanwhile != nil {
			meanwhile(ctx)
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("the formation did not reach %v: it is at %v", want, last)
		case <-time.After(250 * time.Millisecond):
		}
	}
}

// WaitPrimary waits until n is the formation's primary, accepting writes
// (wait_primary with its standby gone, or primary), for up to a minute.
func (h *HA) WaitPrimary(ctx context.Context, n *Node) error {
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	var last map[string]string
	for {
		states, err := h.States(ctx)
		if err == nil {
			last = states
			if st := states[n.Name]; st == "wait_primary" || st == "primary" {
				return nil
			}
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("%s was not promoted: the formation is at %v", n.Name, last)
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// URL is the service's URL of the formation: both nodes, the one that
// takes writes chosen at each connection (target_session_attrs).
func (h *HA) URL() string {
	return fmt.Sprintf("postgres://postgres@127.0.0.1:%d,127.0.0.1:%d/%s?sslmode=disable&target_session_attrs=read-write&connect_timeout=2",
		h.Nodes[0].Port, h.Nodes[1].Port, HADatabase)
}

// NodeURL is the URL of one node.
func (h *HA) NodeURL(n *Node) string {
	return fmt.Sprintf("postgres://postgres@127.0.0.1:%d/%s?sslmode=disable&connect_timeout=2", n.Port, HADatabase)
}

// exec runs sql on node n.
func (h *HA) exec(ctx context.Context, n *Node, sql string) error {
	conn, err := pgx.Connect(ctx, h.NodeURL(n))
	if err != nil {
		return err
	}
	defer conn.Close(context.WithoutCancel(ctx))
	_, err = conn.Exec(ctx, sql)
	return err
}

// Kill kills node n's every process at once with SIGKILL, as losing its
// machine would: pg_autoctl, PostgreSQL and its backends (each a process
// group of its own, which would otherwise commit on for a moment after
// their postmaster died). The postmaster is stopped first, so that it
// starts no backend meanwhile. It returns when the kill was sent.
func (h *HA) Kill(n *Node) time.Time {
	pm := postmasterPID(n.PGData)
	if pm > 0 {
		_ = syscall.Kill(pm, syscall.SIGSTOP)
	}
	backends := childrenOf(pm)
	_ = syscall.Kill(-n.proc.cmd.Process.Pid, syscall.SIGKILL)
	for _, pid := range backends {
		_ = syscall.Kill(pid, syscall.SIGKILL)
	}
	at := time.Now()
	h.killStalled()
	<-n.proc.done
	return at
}

// postmasterPID reads the pid of pgdata's postmaster (0: none).
func postmasterPID(pgdata string) int {
	b, err := os.ReadFile(filepath.Join(pgdata, "postmaster.pid"))
	if err != nil {
		return 0
	}
	pid, _ := strconv.Atoi(strings.TrimSpace(strings.SplitN(string(b), "\n", 2)[0]))
	return pid
}

// childrenOf lists the processes whose parent is pid.
func childrenOf(pid int) []int {
	if pid <= 0 {
		return nil
	}
	stats, _ := filepath.Glob("/proc/[0-9]*/stat")
	var out []int
	for _, f := range stats {
		b, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		// pid (comm) state ppid ...: comm may hold spaces and parentheses.
		rest := string(b[strings.LastIndexByte(string(b), ')')+1:])
		if fields := strings.Fields(rest); len(fields) > 1 && fields[1] == strconv.Itoa(pid) {
			if child, err := strconv.Atoi(filepath.Base(filepath.Dir(f))); err == nil {
				out = append(out, child)
			}
		}
	}
	return out
}

// killStalled kills the WAL senders StallReplication stopped.
func (h *HA) killStalled() {
	for _, pid := range h.stalled {
		_ = syscall.Kill(pid, syscall.SIGKILL)
	}
	h.stalled = nil
}

// SetAsync makes replication asynchronous: the standby leaves the
// replication quorum, so that the primary acknowledges a commit without
// waiting for it (synchronous_standby_names empty). It returns once the
// primary runs so.
func (h *HA) SetAsync(ctx context.Context, primary, standby *Node) error {
	cmd := exec.CommandContext(ctx, h.autoctl, "set", "node", "replication-quorum", "false", "--pgdata", standby.PGData)
	cmd.Dir, cmd.Env = h.dir, h.env
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: h.cred}
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("pg_autoctl set node replication-quorum false: %w\n%s", err, out)
	}
	for {
		var names string
		conn, err := pgx.Connect(ctx, h.NodeURL(primary))
		if err == nil {
			err = conn.QueryRow(ctx, `SHOW synchronous_standby_names`).Scan(&names)
			conn.Close(context.WithoutCancel(ctx))
		}
		if err == nil && names == "" {
			return nil
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("the primary still waits for %q (%v)", names, err)
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// Rejoin starts node n again after it was killed: pg_auto_failover
// rewinds it and makes it primary's standby. It returns once it is
// (within 2 minutes).
func (h *HA) Rejoin(ctx context.Context, n, primary *Node) error {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	p, err := h.run(n.Name, "run", "--pgdata", n.PGData)
	if err != nil {
		return err
	}
	n.proc = p
	return h.waitStates(ctx, map[string]string{n.Name: "secondary", primary.Name: "primary"}, func(ctx context.Context) {
		_ = h.exec(ctx, primary, "CHECKPOINT")
	})
}

// StallReplication stops the primary's WAL senders (SIGSTOP) until the
// node dies, as a network that stops carrying the primary's WAL would
// (a cut connection would not do: the standby connects again at once and
// the replication slot sends what it missed). From then on, with
// synchronous replication the primary's commits wait for the standby;
// with asynchronous replication they are acknowledged without it.
func (h *HA) StallReplication(ctx context.Context, primary *Node) error {
	conn, err := pgx.Connect(ctx, h.NodeURL(primary))
	if err != nil {
		return err
	}
	defer conn.Close(context.WithoutCancel(ctx))
	rows, err := conn.Query(ctx, `SELECT pid FROM pg_stat_replication`)
	if err != nil {
		return err
	}
	pids, err := pgx.CollectRows(rows, pgx.RowTo[int32])
	if err != nil {
		return err
	}
	if len(pids) == 0 {
		return fmt.Errorf("%s has no WAL sender to stall", primary.Name)
	}
	for _, pid := range pids {
		// A backend leads a process group of its own: Kill does not reach
		// it, and stopped, it would not see its postmaster die.
		h.stalled = append(h.stalled, int(pid))
		if err := syscall.Kill(int(pid), syscall.SIGSTOP); err != nil {
			return err
		}
	}
	return nil
}

// stop ends every process of the formation (an immediate shutdown, which
// lets PostgreSQL release its shared memory), then removes its directory;
// it prints the logs if t failed.
func (h *HA) stop() {
	if h.t.Failed() {
		h.t.Log(h.logs())
	}
	procs := []*proc{h.monitor}
	for _, n := range h.Nodes {
		if n != nil {
			procs = append(procs, n.proc)
		}
	}
	for _, p := range procs {
		if p != nil {
			_ = syscall.Kill(-p.cmd.Process.Pid, syscall.SIGQUIT)
		}
	}
	for _, p := range procs {
		if p == nil {
			continue
		}
		select {
		case <-p.done:
		case <-time.After(10 * time.Second):
		}
	}
	h.killStalled()
	time.Sleep(200 * time.Millisecond) // the groups' last processes exit
	killGroups(h.dir)
	for _, n := range h.Nodes {
		if n != nil {
			releaseSharedMemory(n.PGData)
		}
	}
	_ = os.RemoveAll(h.dir)
}

// releaseSharedMemory removes the System V shared memory segment that a
// killed postmaster of pgdata left (a postmaster removes its own when it
// shuts down; one killed cannot).
func releaseSharedMemory(pgdata string) {
	b, err := os.ReadFile(filepath.Join(pgdata, "postmaster.pid"))
	if err != nil {
		return
	}
	lines := strings.Split(string(b), "\n")
	if len(lines) < 7 {
		return
	}
	if f := strings.Fields(lines[6]); len(f) == 2 {
		_ = exec.Command("ipcrm", "-m", f[1]).Run() // fails harmlessly if in use or gone
	}
}

// logs returns the end of each process's log.
func (h *HA) logs() string {
	var b strings.Builder
	for _, name := range []string{"monitor", "node1", "node2"} {
		data, err := os.ReadFile(filepath.Join(h.dir, name+".log"))
		if err != nil {
			continue
		}
		lines := strings.Split(strings.TrimSpace(string(data)), "\n")
		fmt.Fprintf(&b, "--- %s.log (last lines)\n%s\n", name, strings.Join(lines[max(0, len(lines)-30):], "\n"))
	}
	return b.String()
}
