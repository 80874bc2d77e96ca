//go:build !linux

package main

import "time"

// threadCPU returns the time since the process started where the thread's
// CPU time is not available: the report's CPU column is then wall time.
func threadCPU() time.Duration { return time.Since(started) }

var started = time.Now()
