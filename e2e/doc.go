// Package e2e holds the end-to-end tests of the Moonshine platform: the real
// gRPC server (service/server) on a loopback TCP port over a real
// PostgreSQL database (service/eventstore/pgtest), driven by separate gRPC
// clients, one per seat, exactly as frontends and bots would drive it.
//
// It sits at the top of the tree and imports everything; nothing imports
// it. The package has no non-test code besides this file. The tests:
//
//   - TestFullGame plays a complete Booze Barons game through the API with
//     one client per seat, with table talk, and then checks that every
//     event is in PostgreSQL, that the history replays to the same final
//     state, that each seat's live stream equals its redacted history with
//     no gap and no duplicate, that every seat saw only what it may know,
//     that the history verifies from the revealed seed (service/audit) and
//     that a tampered history does not.
//   - TestSeatCannotTellDealsApart proves redaction by
//     indistinguishability: two games on two real servers whose deals
//     differ only in what seats 0, 3 and 4 may not know (the Booze cards of
//     seats 1 and 2 swapped, and a different private message between them)
//     are driven with the same commands; those seats, and a spectator, get
//     byte-identical views and streams, while the auditor's differ. The
//     deals are fixed through the engine's boozebarons.OpeningEvents, since
//     the server's seeds are random (see twin_test.go).
//
// They need PostgreSQL (see pgtest for how it is found) and are skipped
// under -short.
package e2e
