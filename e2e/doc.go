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
//   - kingdom_test.go hosts Moonshine Kingdom, whose games are long, so
//     its tests play the first Days. TestKingdomDays, for 2, 3 and 4
//     players, one client per seat, checks the store, the replay, the
//     streams against the auditor's log, what each seat was shown (no other
//     seat's Contract hand), table talk, that every seat but the awaited one
//     is refused with NOT_YOUR_TURN, and that the auditor's complete history
//     of the unfinished game verifies; the players also play Moves built
//     from the move template. TestKingdomBots plays one human seat against
//     bots at tables of 2, 3 and 4. TestKingdomTargetAnswersOutOfTurn
//     checks the Raid choices that belong to a seat whose turn it is not,
//     and TestKingdomSeatsCannotTellHandsApart proves by
//     indistinguishability that Contract hands are their holder's alone. The last two run on
//     servers hosting a rigged Moonshine Kingdom (a fixed opening plus
//     chosen events, and dice keyed by the public view) so that their
//     games can be chosen and repeated.
//   - bootleggers_test.go hosts Bootleggers. TestBootleggersGames plays
//     whole games to the end (the base game for 4, the 2-player variant
//     "Where are da boys?", and 3 players with every optional rule), one
//     client per seat choosing with the game's strategy from its own view
//     and prompt, and a spectator watching; it checks the store, the
//     replay, the streams, that no seat sees another's Muscle hand or
//     sealed card and the spectator nothing private, that every viewer's
//     public part is the same, the labels, the result by the rules, and
//     that the histories verify and a tampered one does not.
//     TestBootleggersRefusals checks the codes and reasons of commands
//     refused in the bidding, and that none of them changes the log.
//
// They need PostgreSQL (see pgtest for how it is found) and are skipped
// under -short.
package e2e
