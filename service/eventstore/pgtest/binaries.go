package pgtest

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// Need returns the path of each named binary, found in the PostgreSQL
// server's bin directory, then PATH, then /usr/sbin. When one is missing
// it skips t, saying which Debian packages bring it, except under CI=true
// (.ci/run installs them), where it fails t.
func Need(t testing.TB, packages string, names ...string) []string {
	t.Helper()
	bin, _ := findBinDir()
	paths := make([]string, len(names))
	var missing []string
	for i, name := range names {
		paths[i] = lookBinary(bin, name)
		if paths[i] == "" {
			missing = append(missing, name)
		}
	}
	if len(missing) > 0 {
		msg := fmt.Sprintf("pgtest: %s not installed: apt-get install %s", strings.Join(missing, ", "), packages)
		if os.Getenv("CI") == "true" {
			t.Fatal(msg + " (CI=true: .ci/run installs them)")
		}
		t.Skip(msg)
	}
	return paths
}

// lookBinary finds name in bin, PATH or /usr/sbin ("" if nowhere).
func lookBinary(bin, name string) string {
	if bin != "" && isExec(filepath.Join(bin, name)) {
		return filepath.Join(bin, name)
	}
	if p, err := exec.LookPath(name); err == nil {
		return p
	}
	if p := filepath.Join("/usr/sbin", name); isExec(p) {
		return p
	}
	return ""
}

// runAs returns the credential to run PostgreSQL's programs with: none
// for another user, the postgres user's for root (initdb refuses root).
func runAs() (*syscall.Credential, error) {
	if os.Geteuid() != 0 {
		return nil, nil
	}
	u, err := user.Lookup("postgres")
	if err != nil {
		return nil, fmt.Errorf("running as root and no postgres user to run the server as: %w", err)
	}
	uid, _ := strconv.Atoi(u.Uid)
	gid, _ := strconv.Atoi(u.Gid)
	return &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}, nil
}

// tempDir makes a directory of this test binary's (see sweepOrphans)
// owned by cred's user.
func tempDir(cred *syscall.Credential) (string, error) {
	sweepOrphans()
	dir, err := os.MkdirTemp("", tempPrefix)
	if err == nil {
		err = os.WriteFile(filepath.Join(dir, ownerFile), []byte(strconv.Itoa(os.Getpid())), 0o644)
	}
	if err == nil && cred != nil {
		err = os.Chown(dir, int(cred.Uid), int(cred.Gid))
	}
	if err != nil {
		return "", fmt.Errorf("pgtest: %w", err)
	}
	return dir, nil
}

// groupsFile lists, in a test binary's directory, the process groups it
// started, so that a later run kills them if the binary died first.
const groupsFile = "groups"

// recordGroup adds a process group to dir's list.
func recordGroup(dir string, pgid int) error {
	f, err := os.OpenFile(filepath.Join(dir, groupsFile), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintln(f, pgid)
	return errors.Join(err, f.Close())
}

// killGroups kills every process group dir lists.
func killGroups(dir string) {
	b, _ := os.ReadFile(filepath.Join(dir, groupsFile))
	for _, line := range strings.Fields(string(b)) {
		if pgid, err := strconv.Atoi(line); err == nil && pgid > 1 {
			_ = syscall.Kill(-pgid, syscall.SIGKILL)
		}
	}
}
