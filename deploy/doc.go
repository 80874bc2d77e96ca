// Package deploy holds no code: the directory keeps what runs the server
// (the Dockerfile, the compose file with Envoy and Prometheus, the
// Kubernetes manifests in k8s/, a systemd unit), and this package's tests
// check them offline: the compose file loads with compose-go (the loader
// of Docker Compose itself), its load balancer and Prometheus reach both
// instances, and the manifests probe the health services the server
// registers. .ci/run checks the manifests against Kubernetes' schemas with
// kubeconform (k8s/schemas).
package deploy
