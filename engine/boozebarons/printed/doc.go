// Package printed is Booze Barons as printed
// (shared/rules/booze-barons.txt): the six Location cards and their
// Events, the three Mobs and twelve Booze types, the 36-card Delivery
// deck, the Dealing Booze table, the Snitch tokens, the refill and the
// scoring rows; the game's Board message built from them, and the labels
// of its commands and events.
//
// It sits under engine/boozebarons, whose rules read it, and holds no rule
// and no state, so that the labels, the CLI and the service read the
// game's data without linking its rules, and the labels cannot read a
// state.
package printed
