package server_test

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/moonshine-games/moonshine/proto/apidoc"
	"github.com/moonshine-games/moonshine/service/server"
)

// repoRoot is the repository's root, from this package's directory.
const repoRoot = "../.."

// node finds node and npm with the workspace's packages installed (npm
// ci): without them the test skips, except in CI (CI=true), where .ci/run
// installs them and their absence fails.
func node(t *testing.T) (nodeBin, npmBin string) {
	t.Helper()
	missing := func(what string) {
		if os.Getenv("CI") != "" {
			t.Fatalf("%s: .ci/run installs Node and runs npm ci before go test", what)
		}
		t.Skipf("%s: skipping the generated client's test (npm ci at the repository root)", what)
	}
	nodeBin, err := exec.LookPath("node")
	if err != nil {
		missing("no node on PATH")
	}
	npmBin, err = exec.LookPath("npm")
	if err != nil {
		missing("no npm on PATH")
	}
	if _, err := os.Stat(filepath.Join(repoRoot, "node_modules", "openapi-fetch")); err != nil {
		missing("no node_modules/openapi-fetch")
	}
	return nodeBin, npmBin
}

// stale reports whether target is missing or older than any of sources.
func stale(target string, sources ...string) bool {
	ti, err := os.Stat(target)
	if err != nil {
		return true
	}
	for _, s := range sources {
		if si, err := os.Stat(s); err != nil || si.ModTime().After(ti.ModTime()) {
			return true
		}
	}
	return false
}

// TestPostgresGeneratedOpenAPIClient runs, against a real server on
// PostgreSQL, the test of a client generated from the OpenAPI document by
// openapi-typescript and called with openapi-fetch
// (clients/ts/test/openapi/openapi.test.ts): it creates a game, joins,
// submits and reads a refusal through the document's types alone.
func TestPostgresGeneratedOpenAPIClient(t *testing.T) {
	nodeBin, npmBin := node(t)
	base, _ := startPG(t)
	root, err := filepath.Abs(repoRoot)
	if err != nil {
		t.Fatal(err)
	}
	compiled := filepath.Join(root, "clients/ts/.test-build/test/openapi/openapi.test.js")
	if stale(compiled, filepath.Join(root, "proto/apidoc/moonshine.openapi.json"), filepath.Join(root, "clients/ts/test/openapi/openapi.test.ts")) {
		build := exec.CommandContext(t.Context(), npmBin, "run", "-s", "build:test", "-w", "clients/ts")
		build.Dir = root
		if out, err := build.CombinedOutput(); err != nil {
			t.Fatalf("npm run build:test -w clients/ts: %v\n%s", err, out)
		}
	}
	run := exec.CommandContext(t.Context(), nodeBin, "--test", compiled)
	run.Dir = root
	run.Env = append(os.Environ(), "MOONSHINE_URL="+base)
	run.WaitDelay = 10 * time.Second
	out, err := run.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "# pass 1") || strings.Contains(string(out), "# skipped 1") {
		t.Fatalf("node --test %s: %v\n%s", compiled, err, out)
	}
}

// TestOpenAPISecurityIsTheService's: each operation the OpenAPI document
// says needs a credential (no empty requirement in its security) is
// refused CREDENTIAL_REQUIRED without one, and no other operation is.
func TestOpenAPISecurityIsTheService(t *testing.T) {
	base, c := startHTTP(t, server.Config{})
	id, _ := table(t, c, 3)
	var doc struct {
		Paths map[string]map[string]struct {
			OperationID string             `json:"operationId"`
			Security    []map[string][]any `json:"security"`
		} `json:"paths"`
	}
	if err := json.Unmarshal(apidoc.OpenAPI, &doc); err != nil {
		t.Fatal(err)
	}
	// Bodies the service admits, so that it comes to the credential.
	bodies := map[string]string{
		"GameService_SubmitCommand": `{"commandId":"c1","command":{"boozeBarons":{}}}`,
		"GameService_SendMessage":   `{"text":"hello"}`,
		"GameService_Resign":        `{"commandId":"r1"}`,
	}
	fill := strings.NewReplacer("{gameId}", id, "{seat}", "0", "{seq}", "1", "{game}", "booze-barons")
	needs := 0
	for path, ops := range doc.Paths {
		for method, op := range ops {
			optional := false
			for _, req := range op.Security {
				optional = optional || len(req) == 0
			}
			if !optional {
				needs++
			}
			if strings.HasSuffix(path, ":watch") {
				continue // a stream: its refusal is read the same way, after it opens
			}
			body := ""
			if method == "post" {
				body = bodies[op.OperationID]
				if body == "" {
					body = "{}"
				}
			}
			req := newRequest(t, strings.ToUpper(method), base+fill.Replace(path), "application/json", []byte(body))
			a := exchange(t, nil, req)
			if required := a.reason == "CREDENTIAL_REQUIRED"; required == optional {
				t.Errorf("%s (%s %s) without a credential: %d %s; the document says a credential is optional: %v", op.OperationID, method, path, a.status, a.reason, optional)
			}
		}
	}
	if needs == 0 {
		t.Error("the document says no operation needs a credential")
	}
}
