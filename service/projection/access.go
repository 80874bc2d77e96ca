package projection

import (
	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/games"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
)

// Access is what a response may show: game facts as Game sees them, table
// talk as Chat (the caller's own identity: private talk stays with its
// parties even once the game is over and its secrets are public).
type Access struct {
	Game engine.Viewer
	Chat engine.Viewer
	// Wire is Game as the contract names it.
	Wire *moonshinev1.Viewer
	// Module labels what is shown, in the words of the viewer it is shown
	// to.
	Module *games.Module
}

// NewAccess returns the access of a response that shows the game as game
// sees it and the talk as chat does, labelled by mod.
func NewAccess(mod *games.Module, game, chat engine.Viewer) Access {
	return Access{Game: game, Chat: chat, Wire: WireViewer(game), Module: mod}
}

// Audience is whose knowledge a projection shows: an Access without its
// module (one per game) and its wire form (made from Game). Projections
// are shared by everyone of one audience.
type Audience struct{ Game, Chat engine.Viewer }

// Audience returns a's audience.
func (a Access) Audience() Audience { return Audience{Game: a.Game, Chat: a.Chat} }

// WireViewer returns the contract's name of a viewer.
func WireViewer(v engine.Viewer) *moonshinev1.Viewer {
	switch v.Kind {
	case engine.Player:
		return &moonshinev1.Viewer{Perspective: moonshinev1.Perspective_PERSPECTIVE_SEAT, Seat: int32(v.Seat)}
	case engine.Auditor:
		return &moonshinev1.Viewer{Perspective: moonshinev1.Perspective_PERSPECTIVE_FULL}
	default:
		return &moonshinev1.Viewer{Perspective: moonshinev1.Perspective_PERSPECTIVE_PUBLIC}
	}
}
