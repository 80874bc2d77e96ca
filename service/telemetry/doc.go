// Package telemetry holds what the server tells its operators: Prometheus
// metrics, OpenTelemetry traces and one structured log line per request.
//
// It sits under service/server, which builds one [Telemetry] and serves
// its registry on the admin listener, and beside service/gameservice,
// which calls it at a few named points and nowhere else:
//
//   - [Telemetry.UnaryInterceptors] and [Telemetry.StreamInterceptors]
//     wrap every call: gRPC server metrics (those of go-grpc-middleware's
//     Prometheus provider, a stream's counted in rounds: [BatchSends]), the request id (x-request-id, sent back in the
//     response header), the request log line, and the counts of commands
//     accepted and refused by game and reason, read from the status the
//     call ends with;
//   - [NoteGame] and [NoteCaller] add the game's rules and the caller's
//     seat to the call's log line;
//   - [Telemetry.Store] wraps the event store: a latency histogram and a
//     span per operation (append, reads, seats);
//   - [Telemetry.CacheLookup], [Telemetry.CatchUp] and
//     [Telemetry.BotDecision] count the game cache and the bots, and
//     [ThreadCPU] measures the CPU time of a bot's decision;
//     [Telemetry.Start] opens a span (decide, project).
//
// A nil *Telemetry records nothing and costs next to nothing, so tests and
// tools need not build one.
package telemetry
