// Package printed is Moonshine Kingdom as printed
// (shared/rules/moonshine-kingdom.txt): the City Map (Districts, Boroughs
// and their Deeds, connections, Still tokens, the Town Planning Ledger),
// the Contract decks and their objectives, the Playbooks and their Mob
// Signature Plays, the Power Brokers and their Favors, the supplies,
// prices and the street math's tables.
//
// It sits under engine/kingdom, whose rules read it, and holds no rule
// and no state, so that the bots' strategy, the CLI and the service read
// the game's data without linking its rules.
package printed
