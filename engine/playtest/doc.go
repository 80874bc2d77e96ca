// Package playtest drives any Moonshine game module with a seeded bot and
// checks it as it goes. It sits beside the engine core, used only by tests:
// it imports engine and protobuf, nothing of service/.
//
// [Play] starts a game from a seed and repeatedly picks, uniformly, one of
// the legal commands offered to the seats with prompts (any of several seats
// in a simultaneous phase), until the game ends. After every decision it
// checks that every offered command is accepted by Decide; that neither
// Prompts (with the checks behind its legal lists) nor Decide changed the
// state ([Fingerprint] before and after: Decide never mutates); that a
// sample of random commands is accepted only if offered; that the state
// rebuilt by folding the log from scratch shows every viewer the same view
// as the incrementally built one; that the state Decide hands back is the
// one its events lead to; and the game's own invariant. At the end
// it runs [engine.Verify] on the whole log. [CheckApply] checks that a
// game's Apply covers every kind of its Event oneof.
//
// [Table] plays a game with a bot in each seat, every bot deciding from its
// seat's knowledge, and verifies the log; [Twin.Choices] checks that a
// bot chooses the same in two games that differ only in what its seat may
// not know.
//
// [Conform] runs every check a game must pass on its [engine.Module], for
// every variant: what a game's tests call once, beside the checks only the
// game can write (its rulebook examples, its twins, its golden files).
//
// [Stream] and [MarshalView] give the byte-exact redacted forms that
// indistinguishability and golden-file tests compare.
//
// [CheckView] checks one viewer's view against the auditor's by the
// audience each view field declares (the moonshine.visibility.v1 field
// option: everyone, owner only, count only, auditor, the viewer's own
// seat), and [PlayViews] does it for every viewer after every command of a
// seeded game; [Conform] runs it for every variant of a game.
package playtest
