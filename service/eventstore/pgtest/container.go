package pgtest

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/testcontainers/testcontainers-go"
	tcpostgres "github.com/testcontainers/testcontainers-go/modules/postgres"
)

// containerImage is the image testcontainers runs.
const containerImage = "postgres:16-alpine"

// dockerMaybe reports, without blocking, whether a Docker engine might be
// configured: DOCKER_HOST, a testcontainers properties file, or a socket at
// a usual place.
func dockerMaybe() bool {
	if os.Getenv("DOCKER_HOST") != "" || os.Getenv("TESTCONTAINERS_DOCKER_SOCKET_OVERRIDE") != "" {
		return true
	}
	home, _ := os.UserHomeDir()
	candidates := []string{
		"/var/run/docker.sock",
		filepath.Join(home, ".testcontainers.properties"),
		filepath.Join(home, ".docker", "run", "docker.sock"),
		filepath.Join(home, ".docker", "desktop", "docker.sock"),
		filepath.Join(home, ".colima", "default", "docker.sock"),
		filepath.Join(home, ".rd", "docker.sock"),
	}
	if d := os.Getenv("XDG_RUNTIME_DIR"); d != "" {
		candidates = append(candidates, filepath.Join(d, "docker.sock"), filepath.Join(d, "podman", "podman.sock"))
	}
	for _, c := range candidates {
		if _, err := os.Stat(c); err == nil {
			return true
		}
	}
	return false
}

// dockerHealthy asks the engine for its info, giving up after timeout even
// if the client library blocks.
func dockerHealthy(timeout time.Duration) (err error) {
	done := make(chan error, 1)
	go func() {
		defer func() {
			if r := recover(); r != nil {
				done <- fmt.Errorf("docker provider panicked: %v", r)
			}
		}()
		p, err := testcontainers.NewDockerProvider()
		if err != nil {
			done <- err
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), timeout)
		defer cancel()
		done <- p.Health(ctx) // Health closes p
	}()
	select {
	case err := <-done:
		return err
	case <-time.After(timeout + time.Second):
		return errors.New("docker engine did not answer")
	}
}

// startContainer runs a postgres container if a Docker engine answers.
func startContainer() (*server, error) {
	if !dockerMaybe() {
		return nil, errors.New("testcontainers: no Docker engine configured (no DOCKER_HOST, no docker socket)")
	}
	if err := dockerHealthy(5 * time.Second); err != nil {
		return nil, fmt.Errorf("testcontainers: Docker engine not healthy: %w", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	ctr, err := tcpostgres.Run(ctx, containerImage, tcpostgres.BasicWaitStrategies())
	if err != nil {
		if ctr != nil {
			_ = testcontainers.TerminateContainer(ctr)
		}
		return nil, fmt.Errorf("testcontainers: run %s: %w", containerImage, err)
	}
	u, err := ctr.ConnectionString(ctx, "sslmode=disable")
	if err != nil {
		_ = testcontainers.TerminateContainer(ctr)
		return nil, fmt.Errorf("testcontainers: connection string: %w", err)
	}
	return &server{
		url:  u,
		how:  "testcontainers " + containerImage,
		stop: func() error { return testcontainers.TerminateContainer(ctr) },
	}, nil
}
