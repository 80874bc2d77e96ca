// Package tools pins the versions of the code generators and linters the
// project runs with `go tool -modfile=tools/go.mod NAME`. It holds no code.
package tools
