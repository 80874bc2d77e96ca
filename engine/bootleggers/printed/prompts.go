package printed

// Prompt reasons (engine.Prompt.Reason): the name each prompt of the rules
// carries, which a client and the strategy read to know what a seat is
// asked.
const (
	// PromptChooseMuscle: seal a Muscle card (Phase 1, every seat at once).
	PromptChooseMuscle = "choose-muscle"
	// PromptSelect: take a Men of Action card or the Truck card, or pass.
	PromptSelect = "select"
	// PromptSendInTheBoys: play Phase 2 cards, then send in the boys.
	PromptSendInTheBoys = "send-in-the-boys"
	// PromptFireUpTheStill: roll, or play it cool (Play it Cool).
	PromptFireUpTheStill = "fire-up-the-still"
	// PromptRunTheWhiskey: play Phase 4 cards, trade, then run the whiskey.
	PromptRunTheWhiskey = "run-the-whiskey"
	// PromptTrade: answer the offers made to the seat, or make one (Phase
	// 4, off the seat's turn; the game does not wait).
	PromptTrade = "trade"
	// PromptCallTheOrder: call the buying order of a tier (Phase 5).
	PromptCallTheOrder = "call-the-order"
	// PromptCasinoCard: play a kept Casino card (Phase 2 or 4, off the
	// seat's turn; the game does not wait; Boardwalk, ruling 87).
	PromptCasinoCard = "casino-card"
	// PromptCasinoCards: play Casino cards of the Selling Phase or pass, or
	// answer a State Gaming Commission (the game waits; ruling 92).
	PromptCasinoCards = "casino-cards"
)
