package boozebarons

import "github.com/moonshine-games/moonshine/engine"

// chain is the takeback declaration of Booze Barons ([engine.Module.Takebacks]):
// every die and shuffle is drawn at setup, so only setup draws; a seat's
// own sealed Movement card tells it nothing; every event that shows a
// hidden fact (the sealed cards revealed, a look at face-down cards, a
// Booze card turned up or guessed at, the deck's next cards) reveals.
var chain = engine.KindChain{
	Draws: engine.KindSet("game_started", "booze_dealt", "deck_shuffled"),
	Reveals: engine.KindSet("booze_card", "deck_order", "deliveries_drawn", "movements_revealed", "looked",
		"stolen", "expose_attempted", "casino_revealed", "casino_cards", "casino_kept", "seedy_petes",
		"deck_exhausted", "game_ended", "resigned"),
	Own: engine.KindSet("movement_sealed"),
}
