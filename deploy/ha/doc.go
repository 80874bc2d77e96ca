// Package ha proves the service on the high-availability setup
// docs/operations.md describes: PostgreSQL under pg_auto_failover (a
// monitor, a primary and a standby, as Debian packages them), the
// service on a multi-host URL with target_session_attrs=read-write, and
// a client-mode load through a failover. It has tests only; they need
// the Debian packages postgresql-15-auto-failover and
// pg-auto-failover-cli (.ci/run installs them), and skip without them
// outside CI.
package ha
