package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"

	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// Retries of a refused call: at most retryAttempts more tries, each after
// the server's RetryInfo delay (or, without one, a backoff from
// retryFirst), never more than retryMax. (Variables, so that a test can
// shorten the waits.)
var (
	retryAttempts = 4
	retryFirst    = 500 * time.Millisecond
	retryMax      = 10 * time.Second
)

// notRetriedWhenUnavailable are the calls that an outage may have left
// half done: retried, they could open a second game or claim a second
// seat. (SubmitCommand and SendMessage are retried with the same command
// or message id, which the server answers with the first result.)
var notRetriedWhenUnavailable = map[string]bool{
	moonshinev1.GameService_CreateGame_FullMethodName: true,
	moonshinev1.GameService_JoinGame_FullMethodName:   true,
}

// retryUnary is the client interceptor that waits out RATE_LIMITED and
// UNAVAILABLE refusals as the server asks, telling the user.
func (c *cli) retryUnary(ctx context.Context, method string, req, reply any, cc *grpc.ClientConn, invoker grpc.UnaryInvoker, opts ...grpc.CallOption) error {
	for attempt := 0; ; attempt++ {
		err := invoker(ctx, method, req, reply, cc, opts...)
		wait, ok := retryDelay(method, err, attempt)
		if !ok || attempt == retryAttempts || c.tlsMismatch(err) != "" {
			return err
		}
		why := status.Convert(err).Message()
		if failureOf(err, c.addr).Code == "Unreachable" {
			why = "no answer from " + c.addr
		}
		fmt.Fprintf(c.errw, "moonshine: %s; retrying in %s (%d of %d)\n", why, wait.Round(time.Millisecond), attempt+1, retryAttempts)
		select {
		case <-ctx.Done():
			return err
		case <-time.After(wait):
		}
	}
}

// retryDelay says whether a call that ended with err is worth another
// try, and after how long.
func retryDelay(method string, err error, attempt int) (time.Duration, bool) {
	st := status.Convert(err)
	switch {
	case err == nil:
		return 0, false
	case st.Code() == codes.Unavailable && !notRetriedWhenUnavailable[method]:
	case st.Code() == codes.ResourceExhausted && reasonIs(st, "RATE_LIMITED"):
	default:
		return 0, false
	}
	wait := retryFirst << attempt
	for _, d := range st.Details() {
		if ri, ok := d.(*errdetails.RetryInfo); ok && ri.GetRetryDelay().AsDuration() > 0 {
			wait = ri.GetRetryDelay().AsDuration()
		}
	}
	wait += time.Duration(rand.Int64N(int64(wait)/10 + 1)) // jitter: clients refused together do not return together
	return min(wait, retryMax), true
}

func reasonIs(st *status.Status, reason string) bool {
	for _, d := range st.Details() {
		if info, ok := d.(*errdetails.ErrorInfo); ok {
			return info.GetReason() == reason
		}
	}
	return false
}
