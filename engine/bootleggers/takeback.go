package bootleggers

import "github.com/moonshine-games/moonshine/engine"

// chain is the takeback declaration of Bootleggers ([engine.Module.Takebacks]):
// the rolls (production, consumption) and the deals draw; the sealed
// Muscle cards revealed, the offer turned up from the decks and the end
// (every hand shown) reveal; a seat's own sealed Muscle card tells it
// nothing.
var chain = engine.KindChain{
	Draws: engine.KindSet("game_started", "muscle_dealt", "deck_shuffled", "still_fired", "consumption_rolled",
		"non_player_acted", "card_taken", "card_played", "casino_redeveloped"),
	Reveals: engine.KindSet("muscle_hand", "muscle_set_aside", "deck_order", "muscle_revealed", "offer_turned_up",
		"truck_bought", "casino_card_taken", "the_heat", "game_ended"),
	Own: engine.KindSet("muscle_sealed"),
}
