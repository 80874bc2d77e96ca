package engine

import "fmt"

// Seat is a player's place at the table, numbered from 0 in clockwise order.
// The API, the events and every message number seats the same way.
type Seat int

// String returns the seat as the API numbers it, from 0.
func (s Seat) String() string { return fmt.Sprintf("seat %d", int(s)) }

// ViewerKind says in which capacity someone looks at a game.
type ViewerKind int

const (
	// Spectator sees only public facts.
	Spectator ViewerKind = iota
	// Player sees public facts and what its own seat may know.
	Player
	// Auditor sees everything, including private parts and hidden state.
	Auditor
)

// Viewer is who is looking: a spectator, one seat, or the auditor.
type Viewer struct {
	Kind ViewerKind
	// Seat is meaningful only when Kind is Player.
	Seat Seat
}

// SpectatorViewer returns the viewer that sees only public facts.
func SpectatorViewer() Viewer { return Viewer{Kind: Spectator} }

// SeatViewer returns the viewer for one seat.
func SeatViewer(s Seat) Viewer { return Viewer{Kind: Player, Seat: s} }

// AuditorViewer returns the viewer that sees everything.
func AuditorViewer() Viewer { return Viewer{Kind: Auditor} }

// IsSeat reports whether v is the player at seat s.
func (v Viewer) IsSeat(s Seat) bool { return v.Kind == Player && v.Seat == s }

// SeesAll reports whether v may see every private fact.
func (v Viewer) SeesAll() bool { return v.Kind == Auditor }

// String names the viewer for logs and error messages.
func (v Viewer) String() string {
	switch v.Kind {
	case Player:
		return v.Seat.String()
	case Auditor:
		return "auditor"
	default:
		return "spectator"
	}
}

// Name names seat s as v reads it, for labels: "you" for v's own seat,
// else "seat 2".
func (v Viewer) Name(s Seat) string {
	if v.IsSeat(s) {
		return "you"
	}
	return s.String()
}

// Possessive is [Viewer.Name] with 's: "your" for v's own seat, else
// "seat 2's".
func (v Viewer) Possessive(s Seat) string {
	if v.IsSeat(s) {
		return "your"
	}
	return s.String() + "'s"
}
