// Package turntimer fires the turn timers of the games the service hosts:
// when a seat's deadline passes it plays the game's timeout default for
// the seat (or the seat's bot), notes the timeout and, after too many in a
// row, hands the seat to the server's bot for good; and it starts and
// stops the clocks of a table that filled up or that a seat left.
//
// It sits beside the RPC handlers and calls the game host
// (service/gamehost) as a handler does: it reads the game's clocks and
// prompts (service/turnclock says what is due), asks the bot driver
// (service/botdriver) for a seat's decision with the game unlocked, and
// appends the platform's move at the version it looked at, so that when
// several instances fire the same timer one lands and the others find
// the game moved.
package turntimer
