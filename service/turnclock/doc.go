// Package turnclock holds a game's turn clocks as the service folds them
// from the game's log: each seat's SeatClock, started and stopped as the
// decisions the game awaits open and close, and what a table's timers
// need when a deadline passes.
//
// It sits under the game host (service/gamehost), which folds the clocks
// with each append and each catch-up, and beside the timer driver
// (service/turntimer), which asks it what is due. It is pure: it reads
// no clock of its own (the time arrives as an argument) and does no I/O;
// the clocks are a fold of the log's table events, which record every
// time and bank as the service decided them.
package turnclock
