//go:build !linux

package telemetry

import "time"

// ThreadCPU returns the time since the process started where a thread's
// CPU time is not available: differences of it are then wall time.
func ThreadCPU() time.Duration { return time.Since(started) }

var started = time.Now()
