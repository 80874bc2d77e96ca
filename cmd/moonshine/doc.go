// Command moonshine is the command-line client of a Moonshine server.
//
// It sits beside cmd/moonshined, at the top of the tree: it speaks
// moonshine.v1.GameService over gRPC like any other client, prints the
// labels the server sends beside commands, templates, events and table
// talk, writes views as text through a renderer per game
// (internal/render/<game>, which gets the game's own message), and
// verifies finished games offline through service/audit. It knows the
// views of Booze Barons (create's default --game) and Moonshine Kingdom
// (--game moonshine-kingdom); another game's view is shown as protojson.
// --options-json and --command-json are decoded into the game's field of
// the envelope, named after its id.
//
// Usage:
//
//	moonshine [global flags] COMMAND [flags] [args]
//
//	games                                 list games
//	create --players N [--game G] [--bots 1,2] [--title T] [--options-json J]
//	join GAME [--seat N] --name NAME      claim a seat; stores its credential
//	view GAME                             the game as the caller sees it
//	legal GAME                            numbered legal commands of the seat
//	submit GAME N | --command-json J      play the Nth legal command (or J)
//	say GAME TEXT [--to SEAT]             table talk, public or to one seat
//	watch GAME [--from N] [--from-talk N] [--count K]
//	                                      stream events and table talk as
//	                                      they happen
//	history GAME [--out FILE]             the game's events (complete once
//	                                      over), then its table talk
//	replay GAME N [--to M]                the view as of event N (or of each
//	                                      event from N to M, one after another)
//	verify GAME | --file FILE             re-run a finished game from its seed
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
//	--json           print protojson (watch: one event per line)
//	--config-dir D   where credentials are stored (MOONSHINE_CONFIG_DIR;
//	                 default os.UserConfigDir()/moonshine)
//
// join stores the seat's credential in D/credentials.json (mode 0600),
// keyed by server, game and seat. Later commands on that game use it with
// --as SEAT, or without --as when it is the only one stored for the game;
// --token wins over both. Seats are numbered from 0, as in the API.
//
// Refusals print the gRPC code, the google.rpc.ErrorInfo reason and the
// message, and exit with status 1 (2 for a usage error).
package main
