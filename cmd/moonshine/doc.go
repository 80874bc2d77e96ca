// Command moonshine is the command-line client of a Moonshine server.
//
// It sits beside cmd/moonshined, at the top of the tree: it speaks
// moonshine.v1.GameService over gRPC like any other client, prints the
// labels the server sends beside commands, templates, events and table
// talk, writes views as text through a renderer per game
// (internal/render/<game>, which gets the game's own message), and
// verifies, audits and rechecks games offline through service/audit. It
// writes the views of every hosted game as text: Booze Barons (create's
// default --game), Moonshine Kingdom (--game moonshine-kingdom) and
// Bootleggers (--game bootleggers); a game it has no renderer for is
// shown as protojson. --options-json and --command-json are decoded into
// the game's field of the envelope, named after its id.
//
// Usage:
//
//	moonshine [global flags] COMMAND [flags] [args]
//
//	games                                 list games
//	rules [GAME]                          the hosted games; of one, its
//	                                      variants and options
//	create --players N [--game G] [--variant V] [--bots 1,2] [--bot-level L]
//	       [--title T] [--options-json J] [--time-bank D …]
//	                                      open a game; stores its creator
//	                                      credential
//	join GAME [--seat N] --name NAME      claim a seat; stores its credential
//	leave GAME                            free your seat before the start
//	view GAME                             the game as the caller sees it
//	board GAME | --game G                 the printed board (the Kingdom:
//	                                      every District and its links)
//	legal GAME [--example T]              numbered legal commands of the
//	                                      seat, and templates to fill in
//	submit GAME N | --command-json J [--id ID]
//	                                      play the Nth legal command (or J)
//	wait GAME [--optional] [--quiet]      until the seat must act (or may,
//	                                      with --optional), printing what
//	                                      happened since it last looked
//	resign GAME                           concede the game
//	takeback GAME [--ask] | --answer yes|no
//	                                      take back your last command, or
//	                                      answer another seat's request
//	say GAME TEXT [--to SEAT]             table talk, public or to one seat
//	watch GAME [--from N] [--from-talk N] [--count K]
//	                                      stream events and table talk from
//	                                      event N on; a finished game's
//	                                      stream ends with its outcome
//	history GAME [--out FILE]             the game's events (complete once
//	                                      over), then its table talk
//	replay GAME N [--to M]                the view as of event N (or of each
//	                                      event from N to M, one after another)
//	cancel GAME [--creator T]             cancel a game not started, as its
//	                                      creator
//	rotate GAME SEAT [--creator T]        a new credential for a seat (its
//	                                      player lost theirs), as the creator
//	verify GAME | --file FILE             re-run a finished game from its seed
//	audit disclosure GAME | --file FILE   who was shown what: per event, the
//	                                      seats shown each part; per seat and
//	                                      for the public, every hidden fact
//	                                      learned, and when
//	recheck FILE...                       re-run saved histories under this
//	                                      build's rules; report each that
//	                                      would differ, at its first
//	                                      differing event (exit 1 if any)
//
// view, watch and replay also take --perspective public|seat|full and
// --seat N (another seat's or the full view: for the auditor, or for anyone
// once the game is over).
//
// Global flags, accepted before or after the command:
//
//	--as SEAT        act as this seat, with its stored credential
//	--addr H:P       the server (MOONSHINE_ADDR; default 127.0.0.1:7777,
//	                 moonshined's default)
//	--token T        a seat credential or the auditor token (MOONSHINE_TOKEN)
//	--json           print protojson (watch: one event per line); failures
//	                 as one JSON object on stderr
//	--config-dir D   where credentials are stored (MOONSHINE_CONFIG_DIR;
//	                 default os.UserConfigDir()/moonshine)
//	--tls            speak TLS to the server (MOONSHINE_TLS=true)
//	--ca FILE        PEM authorities to trust instead of the system's
//	                 (MOONSHINE_CA; implies --tls)
//	--server-name N  the name the certificate must carry, when not the
//	                 address's host (MOONSHINE_SERVER_NAME; implies --tls)
//
// join stores the seat's credential in D/credentials.json (mode 0600),
// keyed by server, game and seat, and create the creator credential
// (which cancel and rotate use). Later commands on that game use the
// seat's with --as SEAT, or without --as when it is the only one stored
// for the game; with several stored and no --as the command is refused,
// naming the --as to give; --token wins over all. Seats are numbered from
// 0, as in the API. Beside each seat's credential the CLI keeps the last
// event shown to the seat with none missed before it: wait prints what
// came after it, and submit prints what came between it and the
// command's own events. A dial that fails because the server speaks TLS
// and the CLI does not (or the reverse), or because its certificate is
// not trusted, is said so and not retried.
// submit --id ID remembers the command in D/sent.json, and the same id
// again resends that command (a safe retry).
//
// legal writes each template as a moonshine submit line to paste, its
// free fields filled in from the view (the game's renderer picks, say, a
// Connected District for a Kingdom Move), then each free field with its
// meaning and allowed values. --command-json takes the game's own message
// ({"move":{…}}) or the envelope ({"moonshineKingdom":{"move":{…}}}).
//
// Refusals print their message once, then the google.rpc.ErrorInfo reason
// and the gRPC code, and exit with status 1 (2 for a usage error); with
// --json they are {"code","reason","message","details"}. A server that does
// not answer is said in a sentence. RATE_LIMITED and UNAVAILABLE refusals
// are retried a bounded number of times, after the server's RetryInfo
// delay or a backoff; a watch stream cut so is opened again after the last
// event it printed. Seeds and commitments are written in hex; history
// files are protojson in a canonical layout (service/audit.Marshal).
package main
