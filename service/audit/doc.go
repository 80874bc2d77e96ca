// Package audit checks games offline, from their complete history alone:
// the revealed seed, the configuration, the command log and every event.
//
// It sits beside service/gameservice and below its clients: it reads the
// moonshine.v1.GetHistoryResponse that GetHistory returns (or a file saved
// from it) and converts the envelopes to engine types through games (the
// registry of hosted games). Three audits share it:
//
//   - Verify re-runs a game from its seed and command log (engine.Verify)
//     and says where the recorded events depart from what they give. The
//     CLI's `moonshine verify` and the end-to-end tests (e2e) use it.
//   - Disclose says, per event, which seats were shown which parts (the
//     public body to everyone, each private body to the seats it was
//     shown), and per seat and for the public a timeline of every hidden
//     fact learned: the event, its kind and its label in that viewer's
//     words. It derives what each viewer was shown from engine.Event.For,
//     the one redaction of the service's streams and histories, so that
//     the timeline is what the viewer's stream held (`moonshine audit
//     disclosure`).
//   - The rules recheck (RecheckWith, RecheckStore) re-runs stored games
//     under a build's rules before that build is deployed, and reports each
//     game whose events would differ, with the first differing event,
//     recorded against replayed, and the rules version the game was
//     recorded under beside the build's (`moonshined recheck` against the
//     configured store, `moonshine recheck` against history files).
//
// Apart from StoredHistory, StoredGames and RecheckStore, which read an
// event store for the server's operators, it never talks to a server or a
// store: anyone who holds a history can check it.
package audit
