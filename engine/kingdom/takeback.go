package kingdom

import "github.com/moonshine-games/moonshine/engine"

// chain is the Kingdom's takeback declaration ([engine.Module.Takebacks]): the
// events that roll dice or draw from a deck (the Brew dice, a Contract
// draw, a reshuffle, a Smuggling run, a fight's shooting and what ends a
// fight, counted as drawing since a fight's dice may fall in any of them),
// and those that show a card that was hidden (a Contract drawn, staked or
// discarded from a hand; the end, which shows every hand). Every other
// event keeps the chain (the Blowback and a Raid's strikes use the dice
// already rolled).
var chain = engine.KindChain{
	Draws: engine.KindSet("game_started", "day_started", "contracts_drawn", "deck_reshuffled",
		"smuggled", "combat_round", "fight_ended", "withdrew", "spoils_taken"),
	Reveals: engine.KindSet("contracts_received", "contracts_discarded", "contracts_discarded_cards",
		"contract_staked", "game_ended"),
}
