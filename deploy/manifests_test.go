package deploy

import (
	"context"
	"log/slog"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/compose-spec/compose-go/v2/types"
	"github.com/moonshine-games/moonshine/service/eventstore/pgtest"
	"github.com/moonshine-games/moonshine/service/server"
	"github.com/moonshine-games/moonshine/service/server/servertest"
	"github.com/moonshine-games/moonshine/service/telemetry"
	"go.yaml.in/yaml/v3"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// manifests reads every Kubernetes manifest of deploy/k8s by kind.
func manifests(t *testing.T) map[string]map[string]any {
	t.Helper()
	files, err := filepath.Glob("k8s/*.yaml")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]map[string]any{}
	for _, f := range files {
		m, ok := readYAML(t, f).(map[string]any)
		if !ok {
			t.Fatalf("%s is not one object", f)
		}
		out[m["kind"].(string)] = m
	}
	return out
}

// TestAdminPortStaysPrivate: the Service carries the gRPC port only, and a
// NetworkPolicy on the server's pods opens the gRPC port to all and the
// admin port (metrics, pprof) only to the Prometheus it names.
func TestAdminPortStaysPrivate(t *testing.T) {
	ms := manifests(t)
	for _, p := range values(ms["Service"], "ports") {
		for _, port := range p.([]any) {
			if name := port.(map[string]any)["name"]; name != "grpc" {
				t.Errorf("the Service exposes the %v port", name)
			}
		}
	}
	np := ms["NetworkPolicy"]
	if np == nil {
		t.Fatal("no NetworkPolicy")
	}
	// The policy's own selector, spec.podSelector: values would also find
	// the ingress rules' selectors, in the map's random order.
	spec, _ := np["spec"].(map[string]any)
	if got := values(spec["podSelector"], "app.kubernetes.io/name"); len(got) != 1 || got[0] != "moonshined" {
		t.Errorf("the NetworkPolicy selects %v", got)
	}
	for _, rule := range values(np, "ingress")[0].([]any) {
		r := rule.(map[string]any)
		ports := values(r, "port")
		if slices.Contains(ports, any("admin")) && len(values(r, "from")) == 0 {
			t.Errorf("the admin port is open to every pod: %v", r)
		}
		if slices.Contains(ports, any("grpc")) && len(ports) != 1 {
			t.Errorf("a rule opens more than the gRPC port to all: %v", r)
		}
	}
}

// TestReplicasAreTheAutoscalers: the Deployment an HPA scales sets no
// replicas of its own, which every apply would reset the scale to.
func TestReplicasAreTheAutoscalers(t *testing.T) {
	ms := manifests(t)
	target := values(ms["HorizontalPodAutoscaler"], "scaleTargetRef")
	if len(target) != 1 || target[0].(map[string]any)["name"] != values(ms["Deployment"], "name")[0] {
		t.Fatalf("the HPA scales %v", target)
	}
	if r := ms["Deployment"]["spec"].(map[string]any)["replicas"]; r != nil {
		t.Errorf("the Deployment sets replicas: %v beside the HPA", r)
	}
}

// pinned matches an image with a tag that names one release: a version
// with a patch number (v1.34.14, v3.5.0), or PostgreSQL's major and minor
// with the distribution (15.18-bookworm), or the placeholder a manifest
// asks to replace, or the compose file's own build; never latest, a
// floating major or minor, or none.
var pinned = regexp.MustCompile(`:(v?\d+\.\d+\.\d+[\w.-]*|\d+\.\d+-[a-z]\w*|REPLACE-WITH-THE-RELEASE-TAG|dev)$`)

// TestImagesArePinned: every image of the compose file and the manifests
// names one release, so that two deploys of one commit run the same
// software.
func TestImagesArePinned(t *testing.T) {
	var images []any
	images = append(images, values(readYAML(t, "compose.yaml"), "image")...)
	for _, m := range manifests(t) {
		images = append(images, values(m, "image")...)
	}
	if len(images) < 5 {
		t.Fatalf("only %d images found", len(images))
	}
	for _, img := range images {
		if s, _ := img.(string); !pinned.MatchString(s) || strings.Contains(s, "latest") {
			t.Errorf("image %v is not pinned to one release", img)
		}
	}
}

// rule is one alert of alerts.yml.
type rule struct {
	Alert       string            `yaml:"alert"`
	Expr        string            `yaml:"expr"`
	For         string            `yaml:"for"`
	Labels      map[string]string `yaml:"labels"`
	Annotations map[string]string `yaml:"annotations"`
}

// TestAlertRules: alerts.yml holds the alerts docs/operations.md names
// (readiness, error rate, p99 latency, database reconnects among them),
// each with a severity and a summary; every metric an alert reads is one
// a server exports (on PostgreSQL, with TLS, as in production); and the
// compose file's Prometheus loads the file.
func TestAlertRules(t *testing.T) {
	b, err := os.ReadFile("alerts.yml")
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		Groups []struct {
			Name  string `yaml:"name"`
			Rules []rule `yaml:"rules"`
		} `yaml:"groups"`
	}
	if err := yaml.Unmarshal(b, &file); err != nil {
		t.Fatal(err)
	}
	exported := exportedMetrics(t)
	docs, err := os.ReadFile("../docs/operations.md")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	metric := regexp.MustCompile(`\b(moonshine|grpc_server)_[a-z_]+`)
	for _, g := range file.Groups {
		for _, r := range g.Rules {
			names = append(names, r.Alert)
			if r.Expr == "" || r.Labels["severity"] == "" || r.Annotations["summary"] == "" {
				t.Errorf("%s: expr, severity or summary missing", r.Alert)
			}
			if _, err := time.ParseDuration(cmpOr(r.For, "0s")); err != nil {
				t.Errorf("%s: for %q: %v", r.Alert, r.For, err)
			}
			for _, m := range metric.FindAllString(r.Expr, -1) {
				base := strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(m, "_bucket"), "_count"), "_sum")
				if !exported[base] {
					t.Errorf("%s reads %s, which the server does not export", r.Alert, m)
				}
			}
			if !strings.Contains(string(docs), r.Alert) {
				t.Errorf("docs/operations.md does not say what %s means", r.Alert)
			}
		}
	}
	for _, want := range []string{"MoonshinedNotReady", "MoonshinedServerErrors", "MoonshinedSlowCalls", "MoonshinedDatabaseReconnects"} {
		if !slices.Contains(names, want) {
			t.Errorf("no alert %s (has %v)", want, names)
		}
	}
	if !slices.Contains(values(readYAML(t, "prometheus.yml"), "rule_files")[0].([]any), any("/etc/prometheus/alerts.yml")) {
		t.Error("prometheus.yml does not load the alert rules")
	}
	p, err := loadCompose(t, map[string]string{})
	if err != nil {
		t.Fatal(err)
	}
	prom, err := p.GetService("prometheus")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(prom.Volumes, func(v types.ServiceVolumeConfig) bool { return v.Target == "/etc/prometheus/alerts.yml" }) {
		t.Errorf("the compose file's Prometheus does not mount alerts.yml: %v", prom.Volumes)
	}
}

func cmpOr(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// exportedMetrics starts a server as production runs it (PostgreSQL, TLS,
// the readiness gauge moonshined registers) and returns the names of the
// metrics its registry exports.
func exportedMetrics(t *testing.T) map[string]bool {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	cert, key := servertest.WriteCert(t)
	tel := telemetry.New(telemetry.Options{})
	srv, err := server.New(ctx, server.Config{DatabaseURL: pgtest.New(t), TLSCertFile: cert, TLSKeyFile: key, Telemetry: tel,
		Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Shutdown(context.Background())
	tel.Readiness(srv.Ready)
	// A series of a metric with labels exists once recorded: refuse a call.
	refused := status.New(codes.Internal, "internal error")
	refused, _ = refused.WithDetails(&errdetails.ErrorInfo{Reason: "INTERNAL"})
	_, _ = tel.UnaryInterceptors(slog.New(slog.DiscardHandler))[1](ctx, nil, &grpc.UnaryServerInfo{FullMethod: "/moonshine.v1.GameService/GetGame"},
		func(context.Context, any) (any, error) { return nil, refused.Err() })
	// And a store operation's histogram once the store was asked: list
	// the games over REST, as a lobby does.
	lobby := httptest.NewRecorder()
	srv.Handler().ServeHTTP(lobby, httptest.NewRequest("GET", "/v1/games", nil))
	if lobby.Code != 200 {
		t.Fatalf("GET /v1/games: %d %s", lobby.Code, lobby.Body)
	}
	mfs, err := tel.Registry().Gather()
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{"up": true}
	for _, mf := range mfs {
		out[mf.GetName()] = true
	}
	return out
}
