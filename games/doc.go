// Package games is the catalogue of the games Moonshine hosts: each game's
// [engine.Module], registered once, and the glue between each game's own
// messages and the moonshine.v1 envelopes.
//
// It sits between engine/ (the rules, which speak only their own messages)
// and everything that carries those messages in envelopes: the service
// (service/gameservice stores and sends GameOptions, GameCommand,
// EventBody, GameView, GameBoard), the offline verifier (service/audit) and
// the CLI (cmd/moonshine), which import it without the server. The
// conversion is generic, through protoreflect: a game's field in every
// envelope is found by its message type when the game is registered.
//
// Hosting a new game is one oneof field per envelope in proto/moonshine/v1
// and one line in [Default]: the game's Module.
package games
