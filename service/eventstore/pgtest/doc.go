// Package pgtest gives each test a fresh, empty PostgreSQL database.
//
// It sits beside pgstore under service/eventstore and is imported only by
// tests (pgstore's, and any other package that needs a real PostgreSQL).
// A package that uses it calls [Main] from its TestMain; each test calls
// [New] for the URL of a database of its own, dropped when the test ends.
//
// The server is found once per test binary, in this order:
//
//  1. DATABASE_URL, if set: a server you run. Its role needs CREATEDB.
//  2. A throwaway container through testcontainers-go, if a Docker engine
//     answers (checked quickly; no engine means no wait).
//  3. A throwaway cluster from local server binaries (initdb and postgres
//     from /usr/lib/postgresql/*/bin newest first, /usr/pgsql-*/bin, or
//     PATH) in a temporary directory, on 127.0.0.1 at a free port, with
//     fsync off (set PGTEST_FSYNC=on to keep it, e.g. for benchmarks). As
//     root it runs them as the postgres user.
//  4. Otherwise the test fails, saying how to get PostgreSQL.
//
// [Main] stops the container or cluster when the tests end. A local
// cluster's postgres also dies with a killed test binary (Pdeathsig), and
// the next run removes the directory it left. Under -short, New skips the
// test.
//
// [NewProxy] puts a TCP proxy between a test's code and its database, for
// outage tests: [Proxy.Cut] drops every connection and refuses new ones as
// a server that is down would, [Proxy.Restore] brings it back.
package pgtest
