package rpcstatus

import (
	"context"
	"log/slog"
	"testing"

	"github.com/moonshine-games/moonshine/engine"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// TestRuleErrorCodes: each kind of rule error has its code, and a kind the
// service does not know is INTERNAL, never OK.
func TestRuleErrorCodes(t *testing.T) {
	log := slog.New(slog.DiscardHandler)
	for _, c := range []struct {
		kind engine.ErrorKind
		want codes.Code
	}{
		{engine.Malformed, codes.InvalidArgument},
		{engine.Illegal, codes.FailedPrecondition},
		{engine.NotYourTurn, codes.FailedPrecondition},
		{engine.GameOver, codes.FailedPrecondition},
		{engine.ErrorKind(99), codes.Internal},
		{engine.ErrorKind(-1), codes.Internal},
	} {
		err := ToStatus(context.Background(), log, &engine.RuleError{Kind: c.kind, Reason: "SOME_REASON", Message: "m"})
		st := status.Convert(err)
		if st.Code() != c.want {
			t.Errorf("kind %d: %v, want %v", c.kind, st.Code(), c.want)
		}
		if c.want == codes.Internal && st.Message() != "internal error" {
			t.Errorf("kind %d: an internal error tells the client %q", c.kind, st.Message())
		}
	}
}
