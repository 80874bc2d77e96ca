// Package gamehost is the game host: it keeps the games being played in
// memory and is the one way their logs are written.
//
// It sits between the RPC handlers (service/gameservice), the bot driver
// (service/botdriver) and the timer driver (service/turntimer), which all
// call it alike, and the event store (service/eventstore) and the games'
// rules (engine, through games.Module). Its jobs, each in one place:
//
//   - load: a game's record and configuration, on first use (Host.Game);
//   - catch up: fold the events appended since the game's version, those
//     the store's notifications carried or else read from the log
//     (catchup.go);
//   - decide: a seat's command on the folded game, which hands back the
//     events and the game they lead to, applied once (command.go);
//   - append: one function, [Host.append], writes every decision to the
//     store at the version it was decided at (commands, bots' commands,
//     the timers' moves, takebacks, resignations, table changes), with the
//     turn clocks that move with it, and commits what it wrote to memory
//     (append.go);
//   - cache: the games within a memory budget (internal/lru), measured off
//     the write path (measure.go);
//   - publish: a game's recent events and prompts for its watch streams,
//     projected once per audience (feed.go), and a word to the drivers
//     when a game moved (Hooks).
//
// Commands to one game are serialised in this process by the game's mutex,
// which is held across the game's own store calls (its append, its
// catch-up read) and never across another game's; across processes the
// store's compare-and-set on the game's version keeps the log linear (a
// lost race is decided again, or refused when the caller fixed the
// version).
//
// The host returns typed errors (errors.go) and never a gRPC status: the
// handlers map them, with the engine's rule errors and the store's, in
// one place.
package gamehost
