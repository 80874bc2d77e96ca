package deploy

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/compose-spec/compose-go/v2/loader"
	"github.com/compose-spec/compose-go/v2/types"
	"github.com/moonshine-games/moonshine/service/server"
	"go.yaml.in/yaml/v3"
)

// servers are the compose file's moonshined instances.
var servers = []string{"moonshined-a", "moonshined-b"}

// loadCompose loads compose.yaml as Docker Compose would, with env as the
// environment.
func loadCompose(t *testing.T, env map[string]string) (*types.Project, error) {
	t.Helper()
	return loader.LoadWithContext(t.Context(), types.ConfigDetails{WorkingDir: ".",
		ConfigFiles: []types.ConfigFile{{Filename: "compose.yaml"}}, Environment: env},
		func(o *loader.Options) { o.SetProjectName("moonshine", true) })
}

// TestComposeFile loads the compose file: it is valid, it starts with no
// auditor unless a token is given (and then passes it on), and each server
// has a health check by the binary's own health subcommand, its admin
// listener and the database.
func TestComposeFile(t *testing.T) {
	bare, err := loadCompose(t, map[string]string{})
	if err != nil {
		t.Fatalf("without MOONSHINE_AUDITOR_TOKEN: %v", err)
	}
	for _, name := range servers {
		s, err := bare.GetService(name)
		if err != nil {
			t.Fatal(err)
		}
		if v := s.Environment["MOONSHINE_AUDITOR_TOKEN"]; v != nil && *v != "" {
			t.Errorf("%s has an auditor token nobody gave: %q", name, *v)
		}
	}
	p, err := loadCompose(t, map[string]string{"MOONSHINE_AUDITOR_TOKEN": "a-token-for-the-test"})
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range servers {
		s, err := p.GetService(name)
		if err != nil {
			t.Fatal(err)
		}
		if hc := s.HealthCheck; hc == nil || !slices.Equal(hc.Test, []string{"CMD", "/usr/local/bin/moonshined", "health"}) {
			t.Errorf("%s: health check %v", name, hc)
		}
		for k, want := range map[string]string{"MOONSHINE_AUDITOR_TOKEN": "a-token-for-the-test", "MOONSHINE_ADMIN_ADDR": "0.0.0.0:9090",
			"MOONSHINE_ALLOW_PLAINTEXT": "true", "MOONSHINE_ADDR": "0.0.0.0:7777"} {
			if v := s.Environment[k]; v == nil || *v != want {
				t.Errorf("%s: %s=%v, want %s", name, k, v, want)
			}
		}
		if v := s.Environment["DATABASE_URL"]; v == nil || !strings.HasPrefix(*v, "postgres://") {
			t.Errorf("%s: no DATABASE_URL", name)
		}
		if _, ok := s.DependsOn["migrate"]; !ok {
			t.Errorf("%s starts before the migration", name)
		}
		if len(s.Ports) > 0 {
			t.Errorf("%s is published directly; only the load balancer should be", name)
		}
	}
	lb, err := p.GetService("envoy")
	if err != nil {
		t.Fatal(err)
	}
	if len(lb.Ports) != 1 || lb.Ports[0].Target != 7777 || lb.Ports[0].HostIP != "127.0.0.1" {
		t.Errorf("envoy ports %+v, want 7777 on loopback", lb.Ports)
	}
	for _, name := range servers {
		if lb.DependsOn[name].Condition != types.ServiceConditionHealthy {
			t.Errorf("envoy does not wait for %s to be healthy", name)
		}
	}
}

// readYAML decodes a YAML file into a generic tree.
func readYAML(t *testing.T, path string) any {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var v any
	if err := yaml.Unmarshal(b, &v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return v
}

// values collects every value under key anywhere in the tree.
func values(tree any, key string) []any {
	var out []any
	switch n := tree.(type) {
	case map[string]any:
		for k, v := range n {
			if k == key {
				out = append(out, v)
			}
			out = append(out, values(v, key)...)
		}
	case []any:
		for _, v := range n {
			out = append(out, values(v, key)...)
		}
	}
	return out
}

// TestBalancerAndPrometheusReachBothServers checks that Envoy balances
// over both instances with the readiness health check, over HTTP/2, and
// that Prometheus scrapes both admin listeners.
func TestBalancerAndPrometheusReachBothServers(t *testing.T) {
	envoy := readYAML(t, "envoy.yaml")
	addrs := values(envoy, "address")
	for _, name := range servers {
		if !slices.Contains(addrs, any(name)) {
			t.Errorf("envoy has no endpoint %s (addresses %v)", name, addrs)
		}
	}
	if got := values(envoy, "service_name"); len(got) != 1 || got[0] != server.ReadinessService {
		t.Errorf("envoy's gRPC health check asks for %v, want %s", got, server.ReadinessService)
	}
	if len(values(envoy, "http2_protocol_options")) == 0 {
		t.Error("envoy does not speak HTTP/2 to the servers")
	}
	var targets []any
	for _, ts := range values(readYAML(t, "prometheus.yml"), "targets") {
		targets = append(targets, ts.([]any)...)
	}
	for _, name := range servers {
		if !slices.Contains(targets, any(name+":9090")) {
			t.Errorf("prometheus does not scrape %s:9090 (targets %v)", name, targets)
		}
	}
}

// TestManifestsProbeTheServersHealth checks that the Deployment's gRPC
// probes ask for the health services the server registers: readiness for
// the store, liveness for the process.
func TestManifestsProbeTheServersHealth(t *testing.T) {
	d := readYAML(t, "k8s/deployment.yaml")
	probes := map[string]string{"startupProbe": server.LivenessService, "livenessProbe": server.LivenessService, "readinessProbe": server.ReadinessService}
	for probe, want := range probes {
		got := values(values(d, probe), "service")
		if len(got) != 1 || got[0] != want {
			t.Errorf("%s asks for %v, want %s", probe, got, want)
		}
	}
}

// TestDockerfile checks what the image must do for the nonroot user and
// the health check.
func TestDockerfile(t *testing.T) {
	b, err := os.ReadFile("Dockerfile")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"COPY --from=build --chown=65532:65532 /out/data /data", // the embedded store can write its volume
		"USER 65532:65532",
		`CMD ["/usr/local/bin/moonshined", "health"]`,
	} {
		if !strings.Contains(string(b), want) {
			t.Errorf("the Dockerfile lacks %q", want)
		}
	}
	for file, line := range map[string]string{"../.dockerignore": "/bin", "../.gitignore": "/bin/"} {
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Contains(strings.Split(string(b), "\n"), line) {
			t.Errorf("%s does not ignore bin/ (go build -o bin/ puts the binaries there)", file)
		}
	}
}
