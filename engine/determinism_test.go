package engine_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// forbiddenImports may not appear in non-test engine code: the engine does
// no I/O, reads no clock, uses no global or unseeded randomness, and never
// depends on the service layer (see engine/doc.go).
var forbiddenImports = map[string]string{
	"time":                    "the clock arrives in commands, not from the engine",
	"math/rand":               "randomness comes from engine.Rand only",
	"crypto/rand":             "randomness comes from engine.Rand only",
	"os":                      "the engine does no I/O",
	"io/ioutil":               "the engine does no I/O",
	"net":                     "the engine does no I/O",
	"net/http":                "the engine does no I/O",
	"database/sql":            "the engine does no I/O",
	"unsafe":                  "no unsafe code in rules",
	"google.golang.org/grpc":  "the engine knows nothing of transport",
	"github.com/jackc/pgx/v5": "the engine knows nothing of storage",
	"log":                     "the engine reports through events and errors",
	"log/slog":                "the engine reports through events and errors",
	"github.com/moonshine-games/moonshine/service": "dependencies point inwards",
}

// TestEngineIsDeterministic walks every package under engine/ and fails on
// forbidden imports and on goroutines or select statements, whose
// scheduling would make decisions depend on timing.
func TestEngineIsDeterministic(t *testing.T) {
	fset := token.NewFileSet()
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == "testdata" {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		checkImports(t, path, f)
		ast.Inspect(f, func(n ast.Node) bool {
			switch n.(type) {
			case *ast.GoStmt:
				t.Errorf("%s: goroutine in engine code", fset.Position(n.Pos()))
			case *ast.SelectStmt:
				t.Errorf("%s: select in engine code", fset.Position(n.Pos()))
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func checkImports(t *testing.T, path string, f *ast.File) {
	t.Helper()
	for _, imp := range f.Imports {
		p, _ := strconv.Unquote(imp.Path.Value)
		if p == "math/rand/v2" && filepath.ToSlash(path) == "rand.go" {
			continue // the one home of the seeded generator
		}
		if p == "math/rand/v2" {
			t.Errorf("%s imports math/rand/v2: draw from engine.Rand", path)
		}
		for bad, why := range forbiddenImports {
			if p == bad || strings.HasPrefix(p, bad+"/") {
				t.Errorf("%s imports %s: %s", path, p, why)
			}
		}
	}
}
