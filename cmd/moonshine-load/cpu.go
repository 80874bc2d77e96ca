package main

import (
	"os"
	"path/filepath"
	"runtime/pprof"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// cpuMark is a reading of the CPU time this process (the clients, without
// the servers it started), the PostgreSQL processes on this machine and
// the whole machine have used: with the servers' own figures it says where
// a command's CPU went, and the machine's says what a command costs
// everything on it together (the servers, the clients, the database, the
// kernel's network, and whatever else runs there).
type cpuMark struct {
	self     time.Duration
	database time.Duration // the local PostgreSQL's processes; 0 when none
	machine  time.Duration // busy time of all cores; 0 when unknown
}

// clockTick is the unit of /proc/stat (USER_HZ, 100 on Linux).
const clockTick = 10 * time.Millisecond

func markCPU() cpuMark {
	var m cpuMark
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) == nil {
		m.self = time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	m.database = postgresCPU()
	b, err := os.ReadFile("/proc/stat")
	if err != nil {
		return m
	}
	line, _, _ := strings.Cut(string(b), "\n")
	f := strings.Fields(line)
	if len(f) < 8 || f[0] != "cpu" {
		return m
	}
	// user nice system idle iowait irq softirq: busy is all but idle and iowait.
	for i, v := range f[1:8] {
		if i == 3 || i == 4 {
			continue
		}
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			return cpuMark{self: m.self, database: m.database}
		}
		m.machine += time.Duration(n) * clockTick
	}
	return m
}

// since returns the CPU used from m to now.
func (m cpuMark) since() cpuMark {
	now := markCPU()
	out := cpuMark{self: now.self - m.self, database: now.database - m.database}
	if m.machine > 0 && now.machine > 0 {
		out.machine = now.machine - m.machine
	}
	return out
}

// postgresCPU returns the CPU time of the processes named postgres on
// this machine (every local cluster's: run the load on a machine whose
// only busy cluster is the one measured), the backends that exited
// included: the postmaster's children's time counts them once reaped.
func postgresCPU() time.Duration {
	dirs, err := os.ReadDir("/proc")
	if err != nil {
		return 0
	}
	var ticks int64
	for _, d := range dirs {
		if d.Name()[0] < '0' || d.Name()[0] > '9' {
			continue
		}
		b, err := os.ReadFile(filepath.Join("/proc", d.Name(), "stat"))
		if err != nil {
			continue
		}
		if comm, n, ok := procTicks(string(b)); ok && comm == "postgres" {
			ticks += n
		}
	}
	return time.Duration(ticks) * clockTick
}

// procTicks reads a /proc/<pid>/stat line: the process's name and its
// CPU time in clock ticks, its reaped children's included (utime, stime,
// cutime and cstime, fields 14-17).
func procTicks(stat string) (comm string, ticks int64, ok bool) {
	// pid (comm) state ...: comm may hold spaces and parentheses, so the
	// fields after it start at the last closing parenthesis.
	open, end := strings.IndexByte(stat, '('), strings.LastIndexByte(stat, ')')
	if open < 0 || end < open {
		return "", 0, false
	}
	f := strings.Fields(stat[end+1:])
	if len(f) < 15 { // f[0] is field 3, the state
		return "", 0, false
	}
	for _, v := range f[11:15] {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			return "", 0, false
		}
		ticks += n
	}
	return stat[open+1 : end], ticks, true
}

// clientProfile is a CPU profile of this process (the clients) while the
// first round's games run, into dir/client-cpu.pprof.
type clientProfile struct{ f *os.File }

func startClientProfile(dir string) (*clientProfile, error) {
	if dir == "" {
		return nil, nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	f, err := os.Create(filepath.Join(dir, "client-cpu.pprof"))
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, err
	}
	return &clientProfile{f: f}, nil
}

func (p *clientProfile) stop() error {
	if p == nil {
		return nil
	}
	pprof.StopCPUProfile()
	return p.f.Close()
}
