// Package audit verifies finished games offline, from their complete
// history alone: the revealed seed, the configuration, the command log and
// every event.
//
// It sits beside service/gameservice and below its clients: it reads the
// moonshine.v1.GetHistoryResponse that GetHistory returns (or a file saved
// from it), converts the envelopes to engine types through games (the
// registry of hosted games), and runs engine.Verify. The CLI (cmd/moonshine verify) and the end-to-end
// test (e2e) share it. It never talks to a server or a store: anyone who
// holds a history can check it.
package audit
