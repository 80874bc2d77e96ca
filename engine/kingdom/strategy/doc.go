// Package strategy is a seeded player policy for Moonshine Kingdom: given
// what one seat may know (its [kingdomv1.View] and its prompt: the concrete
// legal commands and the names of the templates it may fill), and a seeded
// generator supplied by the caller, it picks the seat's next command.
//
// It sits under engine/kingdom, whose Module hands it to the service's
// bots: it reads the game's printed data (engine/kingdom/printed: the City
// Map, the Contract list, the street math), never the rules, and the typed
// messages of proto/moonshine/kingdom/v1, and nothing else. It
// does no I/O, reads no clock, keeps no state between calls and draws only
// from the generator it is given, so the same view, prompt and generator
// give the same command on every run. Clients (the end-to-end tests, bots)
// call it with a view fetched through the API; engine-level tests with a
// view and prompt from the state.
//
// The policy plays towards ending a Blood Oath game: it works its Contracts
// (Hustling for the tiers it lacks, staking the ones it can meet by their
// Deadline, spreading its Runners, Securing, Recruiting, brewing the liquor
// they ask for, and taking Shylock's Marks to meet a cash objective), makes
// Heat (Extort, Unloads of 4 barrels or more, now and then an attack) and
// Rats so that Raids bring the Sit-Down, and after the Sit-Down backs its
// partner (it lends its unused Influence, never fights it, and never stops
// in its Districts: should a fight leave its mobsters there, they leave
// first). Once it, or its partner, holds the Commission, it attacks a
// weaker rival District next door whose capture wins it a Title. Asked to
// answer a Broker's Word deal, it accepts one that binds only the proposer
// and declines one that would bind it. Every command it builds from a
// template is checked against the view first; when nothing it wants is
// possible it falls back to a listed legal command.
//
// [ChooseToWin] (the [Heuristic] policy: the Kingdom's easy bot and the
// search's default policy) is the same player bent towards the printed
// win, a Commission card and 20 Respect (an Alliance's Commission and 35
// combined after the Sit-Down): it seeks no Heat and never Rats, stops
// Extorting once rich, walks Runners (through Police Turf if need be) to
// the open Districts that win it a Title, strikes rival Districts whose
// capture does, Storms a Precinct with a crew of five and a Boss when
// taking it wins one, and strikes the Districts whose loss costs a rival
// side close to the win a Title. It reads the same view and prompt.
//
// [kingdomv1.View]: github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1.View
package strategy
