package gameservice

import (
	"github.com/moonshine-games/moonshine/engine"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/auth"
	"github.com/moonshine-games/moonshine/service/gamehost"
	"github.com/moonshine-games/moonshine/service/projection"
	"github.com/moonshine-games/moonshine/service/rpcstatus"
	"google.golang.org/grpc/codes"
)

// perspective is a request's choice of whose knowledge to show.
type perspective struct {
	kind moonshinev1.Perspective
	seat int32
}

// accessFor checks a request's perspective against its caller and the
// game (over: whether the game is over, which makes every secret public),
// and returns what the response may show.
func accessFor(c auth.Caller, g *gamehost.Game, p perspective, over bool) (projection.Access, error) {
	chat := c.Identity(g.ID())
	var game engine.Viewer
	switch p.kind {
	case moonshinev1.Perspective_PERSPECTIVE_UNSPECIFIED:
		game = chat
	case moonshinev1.Perspective_PERSPECTIVE_PUBLIC:
		game = engine.SpectatorViewer()
	case moonshinev1.Perspective_PERSPECTIVE_SEAT:
		if p.seat < 0 || p.seat >= g.Players() {
			return projection.Access{}, rpcstatus.BadRequest("seat", "no seat %d at a table of %d", p.seat, g.Players())
		}
		seat := engine.Seat(p.seat)
		if !over && c.Role != auth.Auditor && !chat.IsSeat(seat) {
			return projection.Access{}, rpcstatus.Refuse(codes.PermissionDenied, rpcstatus.ReasonNotYourSeat, "only %s may see as %s", seat, seat)
		}
		game = engine.SeatViewer(seat)
	case moonshinev1.Perspective_PERSPECTIVE_FULL:
		if !over && c.Role != auth.Auditor {
			return projection.Access{}, rpcstatus.Refuse(codes.PermissionDenied, rpcstatus.ReasonNotVisible, "the full game is shown to the auditor, or to anyone once it is over")
		}
		game = engine.AuditorViewer()
	default:
		return projection.Access{}, rpcstatus.BadRequest("perspective", "unknown perspective %d", p.kind)
	}
	return projection.NewAccess(g.Module(), game, chat), nil
}
