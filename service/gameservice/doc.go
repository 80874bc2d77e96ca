// Package gameservice implements moonshine.v1.GameService: the gRPC
// handlers that host games.
//
// It sits between the wire and the engine: each handler decodes its request,
// reads the caller from the context (service/auth), loads the game (a cached
// engine.Game, rebuilt by folding the event store's stream and caught up
// before each use), decides with the engine, appends to the store with the
// expected version and the command id, and folds the new events into the
// cache. Commands to one game are serialised in-process by a per-game mutex;
// across processes the store's compare-and-set on the stream version keeps
// the log linear (a lost race is re-decided, or ABORTED when the client gave
// an expected version).
//
// Every request passes the edge (edge.go) before a handler sees it: it
// must decode, fit the size limit, and hold in each string only what that
// field allows (fields.go, the one place that decides). Unary and
// streaming requests alike.
//
// Table talk is a stream of its own beside each game's events (chat.go):
// messages take no sequence number of the game's and change nothing of it.
//
// Redaction has one path per kind of output: engine.Event.For for events
// and table talk, and engine.State.View for views. Errors are mapped to gRPC status in one place (errors.go), by an
// interceptor, with a google.rpc.ErrorInfo reason; an outage of the store
// (eventstore.ErrUnavailable) is UNAVAILABLE with a RetryInfo, and
// INTERNAL is left for bugs.
//
// Bots: seats marked as bots at creation are played by the service, from
// their own seat's prompt only, through the same path as a client command
// with the command id "bot:<seq>:<seat>".
package gameservice
