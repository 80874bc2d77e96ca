// Package projection turns what the service stores into what one caller
// may see: stored events redacted through engine.Event.For and labelled
// in the viewer's words, a game's view through engine.State.View, the
// prompts of the viewer's seat, a game's public record (GameInfo), and
// table talk.
//
// It sits between the game host (service/gamehost), whose watch feed
// projects each event once per audience, and the RPC handlers
// (service/gameservice), which decide from a request and its caller
// which Access a response is made for. It holds no state and does no I/O.
package projection
