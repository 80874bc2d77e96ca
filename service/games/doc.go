// Package games is the registry of the games the service hosts and the glue
// between each game's own messages and the moonshine.v1 envelopes.
//
// It sits between engine/ (the rules, which speak only their own messages)
// and service/gameservice (which stores and sends the moonshine.v1 oneof
// envelopes: GameOptions, GameCommand, EventBody, GameView). The conversion
// is generic, through protoreflect: a game's field in every envelope is found
// by its message type when the game is registered, so hosting a new game is
// one oneof field per envelope in proto/moonshine/v1 and one line in
// [Default].
package games
