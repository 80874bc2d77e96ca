// Package browser holds the browser tests: Go tests that drive headless
// Chromium (Debian's chromium package; github.com/chromedp/chromedp) against
// the real server on PostgreSQL, through the web app it serves at "/".
//
//   - TestWholeGames plays a whole game of each hosted game from the lobby
//     to the final scores against easy bots, at 1400 px and at a phone's
//     390 px: Bootleggers with the Boardwalk (the seat decides as the
//     game's strategy does and plays by clicking: cards picked in the hand
//     and the offer, placements, truck loads and a trade sent with their
//     forms, a truck's destination picked on the board, a casino opened),
//     Booze Barons and Moonshine Kingdom (legal commands at random, a Move
//     built on the map with the keyboard). axe-core checks the lobby, each
//     table, the replay and the spectator's page.
//   - TestSeatAffordsACasino (no browser): the Bootleggers seat opens a
//     casino in most games, as TestWholeGames's retries assume.
//   - TestKingdomInTheBrowser: two people play a Kingdom game from their
//     own browsers, each sees the other's moves live, a replay, a
//     spectator's page and API responses with no hidden fact, and the
//     auditor's verify.
//   - TestTableLife: the table's life between two people (the player count,
//     the turn clock, talk, the "your turn" title, a takeback, a replaced
//     credential, a resignation, a cancelled table, a seat left).
//   - TestEventsShownOnce: pages loaded while a game of bots runs list each
//     event once, following the batched WatchGame stream.
//
// Screenshots of the main pages are written as test artifacts (go test
// -artifacts) and, with -screenshots DIR, to DIR (docs/screenshots).
//
// Without a Chromium on PATH (or $MOONSHINE_CHROMIUM) the tests skip, and
// without axe-core (npm ci at the repository's root) the accessibility
// checks are skipped, except under CI=true, where .ci/run installs both and
// a missing one fails.
package browser
