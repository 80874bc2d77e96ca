package browser

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/chromedp"
)

// axeScript is axe-core, pinned in web/package.json and installed by
// `npm ci` at the repository's root (CI runs it before the tests).
var axeScript = sync.OnceValues(func() (string, error) {
	b, err := os.ReadFile(filepath.Join("..", "..", "node_modules", "axe-core", "axe.min.js"))
	return string(b), err
})

// violation is one rule axe-core found broken, with a few of the elements.
type violation struct {
	ID     string   `json:"id"`
	Impact string   `json:"impact"`
	Help   string   `json:"help"`
	Nodes  []string `json:"nodes"`
}

// checkAxe runs axe-core on the page as it is and fails the test for each
// serious or critical violation (WCAG 2 A and AA rules and axe's best
// practices). Without axe-core installed it says so and checks nothing,
// except in CI, where that fails.
func checkAxe(t *testing.T, page context.Context, where string) {
	t.Helper()
	src, err := axeScript()
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("axe-core is not installed (npm ci at the repository's root): %v", err)
		}
		t.Logf("axe-core is not installed (npm ci at the repository's root): %s goes unchecked", where)
		return
	}
	loaded := read(t, page, "is axe loaded", chromedp.Evaluate[bool](`typeof axe !== "undefined"`))
	if !loaded {
		run(t, page, "load axe-core", chromedp.Evaluate[chromedp.Void](src+";undefined"))
	}
	found := read(t, page, "run axe on "+where, chromedp.Evaluate[[]violation](`axe.run(document, {resultTypes: ["violations"]}).then((r) =>
		r.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => ({
			id: v.id, impact: v.impact, help: v.help,
			nodes: v.nodes.slice(0, 4).map((n) => n.target.join(" ") + " — " + (n.failureSummary || "").replace(/\s+/g, " ")),
		})))`, chromedp.EvalAwaitPromise))
	for _, v := range found {
		t.Errorf("%s: axe %s (%s): %s\n\t%s", where, v.ID, v.Impact, v.Help, strings.Join(v.Nodes, "\n\t"))
	}
	if len(found) > 0 {
		failed(t, page, fmt.Sprintf("axe on %s", where))
	}
}
