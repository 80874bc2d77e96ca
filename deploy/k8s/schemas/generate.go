//go:build ignore

// Generate writes the JSON schemas that kubeconform checks deploy/k8s
// against, so that CI validates the manifests with no network but the Go
// module proxy: it takes the OpenAPI (v2) document of the Kubernetes
// release below from the k8s.io/kubernetes module and converts the
// definitions of the kinds deploy/k8s uses as openapi2jsonschema does for
// kubeconform's "standalone-strict" schemas: references inlined, no
// property beyond those defined, int-or-string and quantities accepting
// both forms, descriptions dropped.
//
//	go run deploy/k8s/schemas/generate.go
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// kubernetes is the release whose API the manifests are checked against.
const kubernetes = "v1.34.2"

// kinds maps each schema file (kubeconform's {{.ResourceKind}}{{.KindSuffix}})
// to its OpenAPI definition.
var kinds = map[string]string{
	"configmap-v1":                           "io.k8s.api.core.v1.ConfigMap",
	"secret-v1":                              "io.k8s.api.core.v1.Secret",
	"service-v1":                             "io.k8s.api.core.v1.Service",
	"deployment-apps-v1":                     "io.k8s.api.apps.v1.Deployment",
	"job-batch-v1":                           "io.k8s.api.batch.v1.Job",
	"poddisruptionbudget-policy-v1":          "io.k8s.api.policy.v1.PodDisruptionBudget",
	"horizontalpodautoscaler-autoscaling-v2": "io.k8s.api.autoscaling.v2.HorizontalPodAutoscaler",
	"networkpolicy-networking-v1":            "io.k8s.api.networking.v1.NetworkPolicy",
}

func main() {
	if err := generate(); err != nil {
		fmt.Fprintln(os.Stderr, "generate:", err)
		os.Exit(1)
	}
}

func generate() error {
	out, err := exec.Command("go", "mod", "download", "-json", "k8s.io/kubernetes@"+kubernetes).Output()
	if err != nil {
		return fmt.Errorf("go mod download k8s.io/kubernetes@%s: %w", kubernetes, err)
	}
	var mod struct{ Dir string }
	if err := json.Unmarshal(out, &mod); err != nil {
		return err
	}
	raw, err := os.ReadFile(filepath.Join(mod.Dir, "api", "openapi-spec", "swagger.json"))
	if err != nil {
		return err
	}
	var doc struct {
		Definitions map[string]any `json:"definitions"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		return err
	}
	dir := filepath.Join("deploy", "k8s", "schemas", kubernetes+"-standalone-strict")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for file, def := range kinds {
		schema, err := inline(doc.Definitions, def, nil)
		if err != nil {
			return fmt.Errorf("%s: %w", def, err)
		}
		m := schema.(map[string]any)
		m["$schema"] = "http://json-schema.org/schema#"
		b, err := json.MarshalIndent(m, "", " ")
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dir, file+".json"), append(b, '\n'), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// inline returns definition name with its references inlined. A
// definition that refers back to itself (none of the kinds above has one)
// is left open.
func inline(defs map[string]any, name string, stack []string) (any, error) {
	for _, s := range stack {
		if s == name {
			return map[string]any{}, nil
		}
	}
	switch name {
	case "io.k8s.apimachinery.pkg.util.intstr.IntOrString":
		return map[string]any{"oneOf": []any{map[string]any{"type": "string"}, map[string]any{"type": "integer"}}}, nil
	case "io.k8s.apimachinery.pkg.api.resource.Quantity":
		return map[string]any{"oneOf": []any{map[string]any{"type": "string"}, map[string]any{"type": "number"}}}, nil
	}
	def, ok := defs[name]
	if !ok {
		return nil, fmt.Errorf("no definition %s", name)
	}
	return convert(defs, def, append(stack, name))
}

// convert rewrites one schema node.
func convert(defs map[string]any, node any, stack []string) (any, error) {
	switch n := node.(type) {
	case []any:
		out := make([]any, len(n))
		for i, v := range n {
			c, err := convert(defs, v, stack)
			if err != nil {
				return nil, err
			}
			out[i] = c
		}
		return out, nil
	case map[string]any:
		if ref, ok := n["$ref"].(string); ok {
			return inline(defs, strings.TrimPrefix(ref, "#/definitions/"), stack)
		}
		out := map[string]any{}
		for k, v := range n {
			if k == "description" || strings.HasPrefix(k, "x-kubernetes-") {
				continue
			}
			if k == "properties" { // names, not schemas, at this level
				props := map[string]any{}
				for p, s := range v.(map[string]any) {
					c, err := convert(defs, s, stack)
					if err != nil {
						return nil, err
					}
					props[p] = c
				}
				out[k] = props
				continue
			}
			c, err := convert(defs, v, stack)
			if err != nil {
				return nil, err
			}
			out[k] = c
		}
		if _, ok := out["properties"]; ok {
			if _, set := out["additionalProperties"]; !set {
				out["additionalProperties"] = false
			}
		}
		if out["format"] == "int-or-string" {
			delete(out, "format")
			delete(out, "type")
			out["oneOf"] = []any{map[string]any{"type": "string"}, map[string]any{"type": "integer"}}
		}
		return out, nil
	}
	return node, nil
}
