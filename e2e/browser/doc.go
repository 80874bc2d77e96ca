// Package browser holds the browser tests: Go tests that drive headless
// Chromium (Debian's chromium package; github.com/chromedp/chromedp) against
// the real server on PostgreSQL, through the web app it serves at "/". They
// create a game in the lobby, play it by clicking from two seats' browsers,
// replay it, and check that a spectator's page and the API responses it
// received hold no hidden fact. Screenshots of the main pages are written
// as test artifacts (go test -artifacts) and, with -screenshots DIR, to DIR.
//
// Without a Chromium on PATH (or $MOONSHINE_CHROMIUM) the tests skip, except
// under CI=true, where .ci/run installs it.
package browser
