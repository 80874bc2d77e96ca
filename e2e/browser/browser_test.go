package browser

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/eventstore/pgtest"
	"github.com/moonshine-games/moonshine/service/server"
	"github.com/moonshine-games/moonshine/service/server/servertest"
	"google.golang.org/grpc/metadata"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// screenshots, if set, is a directory the main pages' screenshots are
// copied to as well (docs/screenshots: go test ./e2e/browser
// -screenshots ../../docs/screenshots).
var screenshots = flag.String("screenshots", "", "also write the screenshots to this directory")

const auditorToken = "browser-test-auditor-token-0123456789abcdef"

// chromium finds the browser: $MOONSHINE_CHROMIUM, or Debian's chromium
// on PATH. Without one the tests skip, except in CI (CI=true), where
// .ci/run installs it and a missing browser fails.
func chromium(t *testing.T) string {
	t.Helper()
	if p := os.Getenv("MOONSHINE_CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") != "" {
		t.Fatal("no Chromium on PATH: .ci/run installs Debian's chromium package")
	}
	t.Skip("no Chromium on PATH (apt-get install chromium, or set MOONSHINE_CHROMIUM): skipping the browser tests")
	return ""
}

// startServer runs the real server, web app included, on PostgreSQL.
func startServer(t *testing.T) (base string, api moonshinev1.GameServiceClient) {
	t.Helper()
	_, addr := servertest.Start(t, t.Context(), server.Config{DatabaseURL: pgtest.New(t), AuditorToken: auditorToken, CommandRate: -1})
	return "http://" + addr, moonshinev1.NewGameServiceClient(servertest.Dial(t, addr))
}

// The widths the pages are tried at: a desktop's and a phone's.
const (
	wide   = 1400
	narrow = 390
)

// browser starts one headless Chromium, with the flags this kind of
// machine needs (no sandbox as root, no background networking), and
// returns a function making pages of their own browser context: their
// own storage, as different people's browsers have. A page is as wide as
// a desktop's window unless a width is given (a phone's: 390 by 844,
// touch, as a mobile browser).
func browser(t *testing.T) func(width ...int) context.Context {
	t.Helper()
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromium(t)),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1400, 1000),
	)
	alloc, cancelAlloc := chromedp.NewExecAllocator(t.Context(), opts...)
	root, cancelRoot := chromedp.NewContext(alloc)
	if err := chromedp.Do(root); err != nil {
		t.Fatalf("starting Chromium: %v", err)
	}
	t.Cleanup(func() { cancelRoot(); cancelAlloc() })
	return func(width ...int) context.Context {
		ctx, cancel := chromedp.NewContext(root, chromedp.WithNewBrowserContext(), chromedp.WithNewWindow(true))
		t.Cleanup(cancel)
		// The first run opens the tab, which lives as long as the context
		// of that run: run it here, not under a step's timeout.
		if err := chromedp.Do(ctx); err != nil {
			t.Fatalf("opening a page: %v", err)
		}
		if len(width) > 0 && width[0] < 800 {
			if err := chromedp.Do(ctx, chromedp.EmulateViewport(int64(width[0]), 844, chromedp.EmulateMobile)); err != nil {
				t.Fatalf("a phone's screen: %v", err)
			}
		}
		// The app's uncaught errors fail the test.
		_ = chromedp.Listen(ctx, func(ev any) {
			if e, ok := ev.(*runtime.EventExceptionThrown); ok {
				d := e.ExceptionDetails
				what := d.Text
				if d.Exception != nil {
					what += " " + d.Exception.Description
				}
				t.Errorf("the page threw at %s:%d: %s", d.URL, d.LineNumber, what)
			}
		})
		return ctx
	}
}

// run runs steps on a page, failing the test with what was being done.
func run(t *testing.T, page context.Context, what string, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	ctx, cancel := context.WithTimeout(page, 20*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, steps...); err != nil {
		failed(t, page, what)
		t.Fatalf("%s: %v", what, err)
	}
}

// failed saves a screenshot and the text of a page where a step failed,
// as test artifacts.
func failed(t *testing.T, page context.Context, what string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(page, 5*time.Second)
	defer cancel()
	name := strings.Map(func(r rune) rune {
		if r == ' ' || r == '/' {
			return '-'
		}
		return r
	}, what)
	if png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot()); err == nil {
		_ = os.WriteFile(filepath.Join(t.ArtifactDir(), "failed-"+name+".png"), png, 0o644)
	}
	if body, err := chromedp.Run(ctx, chromedp.Evaluate[string]("location.href + '\\n' + document.body.innerText")); err == nil {
		t.Logf("the page where %q failed:\n%s", what, body)
	}
}

// read runs one action that reads something from a page.
func read[T any](t *testing.T, page context.Context, what string, a chromedp.Action[T]) T {
	t.Helper()
	ctx, cancel := context.WithTimeout(page, 20*time.Second)
	defer cancel()
	v, err := chromedp.Run(ctx, a)
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	return v
}

// shoot saves a screenshot of what the page's window shows as a test
// artifact (and in -screenshots).
func shoot(t *testing.T, page context.Context, name string) {
	t.Helper()
	time.Sleep(300 * time.Millisecond)
	save(t, name, read(t, page, "screenshot "+name, chromedp.CaptureScreenshot()))
}

// shootAt scrolls the element matching selector to the top of the window
// and saves what the window shows.
func shootAt(t *testing.T, page context.Context, selector, name string) {
	t.Helper()
	run(t, page, "scroll to "+selector, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`document.querySelector(%q)?.scrollIntoView({block: "start"})`, selector)))
	shoot(t, page, name)
	run(t, page, "scroll back", chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0)`))
}

func save(t *testing.T, name string, png []byte) {
	t.Helper()
	for _, dir := range []string{t.ArtifactDir(), *screenshots} {
		if dir == "" {
			continue
		}
		if err := os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644); err != nil {
			t.Error(err)
		}
	}
}

// versionOf reads the table's game version.
func versionOf(t *testing.T, page context.Context) int {
	t.Helper()
	return read(t, page, "read the version", chromedp.Evaluate[int](`Number(document.querySelector(".table")?.dataset.version ?? 0)`))
}

// waitVersion waits until the table shows a version after v.
func waitVersion(t *testing.T, page context.Context, after int, who string) int {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		if v := versionOf(t, page); v > after {
			return v
		}
		time.Sleep(100 * time.Millisecond)
	}
	failed(t, page, who+" waits for a version after "+strconv.Itoa(after))
	t.Fatalf("%s's page stayed at version %d", who, after)
	return 0
}

// as returns ctx with a credential.
func as(ctx context.Context, token string) context.Context {
	return metadata.AppendToOutgoingContext(ctx, "authorization", "Bearer "+token)
}

// watchRequests records the bodies of the WatchGame requests a page
// sends (one Connect envelope of JSON each) and returns them so far.
func watchRequests(t *testing.T, page context.Context) func() []string {
	t.Helper()
	var mu sync.Mutex
	var got []string
	err := chromedp.Listen(page, func(ev any) {
		if e, ok := ev.(*network.EventRequestWillBeSent); ok && strings.HasSuffix(e.Request.URL, "/moonshine.v1.GameService/WatchGame") {
			var body []byte
			for _, d := range e.Request.PostDataEntries {
				body = append(body, d.Bytes...)
			}
			mu.Lock()
			got = append(got, string(body))
			mu.Unlock()
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	return func() []string {
		mu.Lock()
		defer mu.Unlock()
		return slices.Clone(got)
	}
}

// bodies records the response bodies of a page's unary API calls (a
// stream's body is read by the page as it comes and is not kept by
// Chromium).
type bodies struct {
	mu   sync.Mutex
	urls map[network.RequestID]string
	got  map[string][]byte
}

func recordBodies(t *testing.T, page context.Context) *bodies {
	t.Helper()
	b := &bodies{urls: map[network.RequestID]string{}, got: map[string][]byte{}}
	finished := make(chan network.RequestID, 256)
	err := chromedp.Listen(page, func(ev any) {
		switch e := ev.(type) {
		case *network.EventResponseReceived:
			if strings.Contains(e.Response.URL, "/moonshine.v1.GameService/") && !strings.HasSuffix(e.Response.URL, "/WatchGame") {
				b.mu.Lock()
				b.urls[e.RequestID] = e.Response.URL
				b.mu.Unlock()
			}
		case *network.EventLoadingFinished:
			b.mu.Lock()
			_, ok := b.urls[e.RequestID]
			b.mu.Unlock()
			if !ok {
				return
			}
			select {
			case finished <- e.RequestID: // read outside the listener, which may run no command
			default:
			}
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	go func() {
		for id := range finished {
			res, err := chromedp.Call(page, network.GetResponseBody, network.GetResponseBodyParams{RequestID: id})
			if err != nil {
				continue
			}
			b.mu.Lock()
			b.got[fmt.Sprintf("%s #%s", b.urls[id], id)] = res.Body
			b.mu.Unlock()
		}
	}()
	context.AfterFunc(page, func() { close(finished) })
	return b
}

func (b *bodies) all() map[string][]byte {
	b.mu.Lock()
	defer b.mu.Unlock()
	out := make(map[string][]byte, len(b.got))
	for k, v := range b.got {
		out[k] = v
	}
	return out
}

// hiddenIn walks a JSON response and names each hidden fact it shows a
// spectator: a hand, a private event part, a seed.
func hiddenIn(body []byte) []string {
	var doc any
	if json.Unmarshal(body, &doc) != nil {
		return nil
	}
	var found []string
	var walk func(path string, v any)
	walk = func(path string, v any) {
		switch x := v.(type) {
		case map[string]any:
			for k, c := range x {
				switch k {
				case "hand", "private", "faceDown", "commands":
					if l, ok := c.([]any); ok && len(l) > 0 {
						found = append(found, path+"."+k)
					}
				case "seed":
					if s, ok := c.(string); ok && s != "" {
						found = append(found, path+".seed")
					}
				}
				walk(path+"."+k, c)
			}
		case []any:
			for i, c := range x {
				walk(fmt.Sprintf("%s[%d]", path, i), c)
			}
		}
	}
	walk("", doc)
	return found
}
