// Package botdriver plays the bot seats of the games the service hosts.
//
// It sits beside the RPC handlers and calls the game host
// (service/gamehost) as a handler does: it reads a bot seat's view and
// prompt, thinks with the game unlocked, and submits the command at the
// version it was chosen for through the host's one command path, with
// the command id "bot:<seq>:<seat>". A bot decides from its own seat's
// knowledge only (engine.Knowledge: the seat's view, its prompt and the
// game's events redacted for it) and draws from engine.BotRand, so that
// bot commands re-run from the game's seed like any other.
//
// The timer driver (service/turntimer) asks it for a seat's decision when
// a seat is played by the platform (taken over after timeouts).
package botdriver
