package telemetry

import (
	"time"

	"golang.org/x/sys/unix"
)

// ThreadCPU returns the CPU time the calling OS thread has used, to the
// nanosecond (CLOCK_THREAD_CPUTIME_ID): the difference of two readings on
// a goroutine locked to its thread (runtime.LockOSThread) is the CPU that
// goroutine spent between them, whatever else the process runs.
func ThreadCPU() time.Duration {
	var ts unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts); err != nil {
		return 0
	}
	return time.Duration(ts.Nano())
}
