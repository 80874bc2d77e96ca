// Package engine is the shared core under every Moonshine game module.
//
// It sits at the centre of the dependency graph: game packages such as
// engine/boozebarons implement [Rules] and [State]; service/ drives them. The
// package imports nothing of service/ and does no I/O, reads no clock and uses
// no global randomness.
//
// A game is a fold. [Rules.Setup] turns a table configuration and a seeded
// [Rand] into the opening events; [State.Decide] checks one seat's command
// against the state and returns the events it causes (or a [*RuleError]);
// [State.Apply] folds one event body into the state and never judges the
// rules. Replay applies recorded events and never rolls a die: every random
// outcome is decided once, inside Decide or Setup, and written into an event.
//
// Each [Event] says who may see what: a public body everybody sees and private
// bodies for named seats. [Viewer] and [Event.For] give the single redaction
// path for event streams; [State.View] gives the one for views.
//
// The generator for each decision is derived from the game's secret seed and
// the sequence number of the first event the decision will write
// ([CommandRand]); [Game] holds the seed and applies the derivation, so
// anyone holding the revealed seed and the command log can re-run a finished
// game and check every roll ([Verify]).
//
// The kit does the jobs every game shares, so that a game holds only what is
// its own (Example shows a whole game written on it):
//   - [Decider]: one precheck (set up, not over, the game's own command, a
//     seat at the table, the seat and step awaited) and the game's [Rule];
//   - [Decision]: the one decision builder, which applies each event to a
//     copy of the state with the Apply replay uses, or only checks, for the
//     prompts' legal lists;
//   - [Sealed] and [Seal]: sealed simultaneous choices;
//   - [Kinds]: wrapping a game's event and command kinds into its oneofs;
//   - [UnknownEvent]: the default of every Apply switch;
//   - [Module]: a game as the platform registers it, one declared value:
//     rules, variants, rules version, takeback declaration, resign
//     command, bot policy, bots by level, timeout default, board data,
//     labels; every optional feature is a field, its default filled in by
//     [Module.Defaults] and the declaration checked by [Module.Check].
//
// Bots play from what their seat may know and nothing else: a [Bot] is
// given a seat's [Knowledge] (its view, its redacted history and its
// prompt, as [KnowledgeOf] builds it), never a state, and a generator
// ([BotRand]). Each game offers [Bots] by [Level] (easy, normal, hard);
// engine/search is the search its normal and hard bots share.
//
// engine/playtest checks any game against the contract: that Decide and
// Prompts never change the state, that Apply covers every event kind, that
// the log rebuilds and verifies; its Conform runs every such check on a
// game's Module.
package engine
