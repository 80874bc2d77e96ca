// Package rpcstatus holds the refusals the service makes itself and the
// one mapping of every error a handler returns to a gRPC status, with a
// google.rpc.ErrorInfo (domain moonshine.games and a stable reason), and
// BadRequest and RetryInfo details where they help: the engine's rule
// errors, the game host's and the store's errors, rate limits, and
// outages (UNAVAILABLE). INTERNAL is left for bugs, logged and shown bare.
//
// It sits under the RPC handlers (service/gameservice) and the edge
// (service/edge), which refuse with it, and beside the transports in
// service/server, which shape their refusals with its reasons.
package rpcstatus

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"time"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/games"
	"github.com/moonshine-games/moonshine/service/auth"
	"github.com/moonshine-games/moonshine/service/eventstore"
	"github.com/moonshine-games/moonshine/service/gamehost"
	"github.com/moonshine-games/moonshine/service/limits"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/protoadapt"
	"google.golang.org/protobuf/types/known/durationpb"
)

// Domain is the google.rpc.ErrorInfo domain of every refusal.
const Domain = "moonshine.games"

// Platform reason codes (games add their own through engine.RuleError).
const (
	ReasonBadRequest         = "BAD_REQUEST"
	ReasonUnknownGame        = "UNKNOWN_GAME"
	ReasonWrongGame          = "WRONG_GAME"
	ReasonGameNotFound       = "GAME_NOT_FOUND"
	ReasonVersionConflict    = "VERSION_CONFLICT"
	ReasonVersionNotReached  = "VERSION_NOT_REACHED"
	ReasonBadCredential      = "BAD_CREDENTIAL"
	ReasonBadAPIKey          = "BAD_API_KEY"
	ReasonCredentialRequired = "CREDENTIAL_REQUIRED"
	ReasonSeatRequired       = "SEAT_REQUIRED"
	ReasonNotYourGame        = "NOT_YOUR_GAME"
	ReasonNotYourSeat        = "NOT_YOUR_SEAT"
	ReasonNotVisible         = "NOT_VISIBLE"
	ReasonSeatTaken          = "SEAT_TAKEN"
	ReasonTableFull          = "TABLE_FULL"
	ReasonCommandIDReused    = "COMMAND_ID_REUSED"
	ReasonRateLimited        = "RATE_LIMITED"
	ReasonTooManyStreams     = "TOO_MANY_STREAMS"
	ReasonMessageTooLarge    = "MESSAGE_TOO_LARGE"
	ReasonShuttingDown       = "SERVER_SHUTTING_DOWN"
	ReasonStoreUnavailable   = "STORE_UNAVAILABLE"
	ReasonUndecodable        = "UNDECODABLE_REQUEST"
	ReasonInternal           = "INTERNAL"
	// ReasonSeatTakenOver: the seat was abandoned (TurnTimer.takeover_after
	// timeouts in a row) and the server's bot plays it for the rest of the
	// game.
	ReasonSeatTakenOver = "SEAT_TAKEN_OVER"
	// ReasonGameCancelled: the game was cancelled before the start.
	ReasonGameCancelled = "GAME_CANCELLED"
)

// Refusal is a client-visible refusal made by the service itself.
type Refusal struct {
	Code    codes.Code
	Reason  string
	Message string
	// Meta is the ErrorInfo's metadata; Fields, when set, are sent as a
	// google.rpc.BadRequest.
	Meta   map[string]string
	Fields []*errdetails.BadRequest_FieldViolation
	// Retry, if set, is sent as a google.rpc.RetryInfo.
	Retry time.Duration
}

func (r *Refusal) Error() string { return r.Reason + ": " + r.Message }

// Is lets errors.Is match refusals by reason.
func (r *Refusal) Is(target error) bool {
	t, ok := target.(*Refusal)
	return ok && t.Reason == r.Reason
}

// Refuse returns a refusal with its code and reason.
func Refuse(code codes.Code, reason, format string, args ...any) *Refusal {
	return &Refusal{Code: code, Reason: reason, Message: fmt.Sprintf(format, args...)}
}

// BadRequest is a malformed request, naming the field.
func BadRequest(field, format string, args ...any) *Refusal {
	msg := fmt.Sprintf(format, args...)
	return &Refusal{Code: codes.InvalidArgument, Reason: ReasonBadRequest, Message: field + ": " + msg,
		Fields: []*errdetails.BadRequest_FieldViolation{{Field: field, Description: msg}}}
}

// ruleCodes maps the engine's error kinds; a kind missing here is
// INTERNAL.
var ruleCodes = map[engine.ErrorKind]codes.Code{
	engine.Malformed:   codes.InvalidArgument,
	engine.Illegal:     codes.FailedPrecondition,
	engine.NotYourTurn: codes.FailedPrecondition,
	engine.GameOver:    codes.FailedPrecondition,
}

// ToStatus maps any error a handler returns to a gRPC status error. It is
// the only place where errors become statuses. Unknown errors are logged
// and reach the client as a bare INTERNAL.
func ToStatus(ctx context.Context, log *slog.Logger, err error) error {
	if err == nil {
		return nil
	}
	if _, ok := status.FromError(err); ok {
		return err
	}
	var (
		ref       *Refusal
		rule      *engine.RuleError
		conf      *eventstore.VersionConflictError
		rate      *limits.RateError
		reused    *gamehost.CommandIDReusedError
		taken     *gamehost.TakenOverError
		unreached *gamehost.NotReachedError
	)
	switch {
	case errors.As(err, &reused):
		return WithDetails(codes.AlreadyExists, ReasonCommandIDReused, reused.Error(), nil)
	case errors.As(err, &taken):
		return WithDetails(codes.FailedPrecondition, ReasonSeatTakenOver, taken.Error(), nil)
	case errors.As(err, &unreached):
		return WithDetails(codes.OutOfRange, ReasonVersionNotReached, unreached.Error(),
			map[string]string{"actual_version": strconv.FormatInt(unreached.Version, 10)})
	case errors.Is(err, gamehost.ErrCancelled):
		return WithDetails(codes.FailedPrecondition, ReasonGameCancelled, "the game was cancelled before the start", nil)
	case errors.Is(err, gamehost.ErrTableFull):
		return WithDetails(codes.FailedPrecondition, ReasonTableFull, "every seat is taken", nil)
	case errors.Is(err, gamehost.ErrNoGameID):
		return WithDetails(codes.InvalidArgument, ReasonBadRequest, "game_id: required", nil,
			badRequestDetail([]*errdetails.BadRequest_FieldViolation{{Field: "game_id", Description: "required"}}))
	case errors.As(err, &ref):
		return WithDetails(ref.Code, ref.Reason, ref.Message, ref.Meta, badRequestDetail(ref.Fields), retryDetail(ref.Retry))
	case errors.As(err, &rule):
		code, ok := ruleCodes[rule.Kind]
		if !ok { // a kind the service does not know: a bug, never OK
			log.ErrorContext(ctx, "rule error of an unknown kind", "kind", int(rule.Kind), "err", err)
			return WithDetails(codes.Internal, ReasonInternal, "internal error", nil)
		}
		return WithDetails(code, rule.Reason, rule.Message, nil)
	case errors.As(err, &conf):
		meta := map[string]string{"actual_version": strconv.FormatInt(conf.ActualVersion, 10)}
		return WithDetails(codes.Aborted, ReasonVersionConflict, fmt.Sprintf("the game is at version %d", conf.ActualVersion), meta)
	case errors.As(err, &rate):
		return WithDetails(codes.ResourceExhausted, ReasonRateLimited, "too many requests; retry later", nil, retryDetail(rate.RetryAfter))
	case errors.Is(err, limits.ErrTooManyStreams):
		return WithDetails(codes.ResourceExhausted, ReasonTooManyStreams, "too many open streams", nil)
	case errors.Is(err, auth.ErrBadCredential):
		return WithDetails(codes.Unauthenticated, ReasonBadCredential, "the credential is not valid", nil)
	case errors.Is(err, auth.ErrBadAPIKey):
		return WithDetails(codes.Unauthenticated, ReasonBadAPIKey, "the API key is not valid", nil)
	case errors.Is(err, eventstore.ErrNotFound):
		return WithDetails(codes.NotFound, ReasonGameNotFound, "no such game", nil)
	case errors.Is(err, eventstore.ErrSeatTaken):
		return WithDetails(codes.AlreadyExists, ReasonSeatTaken, "the seat is taken", nil)
	case errors.Is(err, games.ErrWrongGame):
		return WithDetails(codes.InvalidArgument, ReasonWrongGame, "the message is not for this game", nil)
	case errors.Is(err, context.Canceled):
		return status.Error(codes.Canceled, "canceled")
	case errors.Is(err, context.DeadlineExceeded):
		return status.Error(codes.DeadlineExceeded, "deadline exceeded")
	case errors.Is(err, eventstore.ErrUnavailable):
		log.WarnContext(ctx, "event store unavailable", "err", err)
		return WithDetails(codes.Unavailable, ReasonStoreUnavailable, "the game store cannot be reached; retry", nil, retryDetail(StoreRetryDelay))
	}
	log.ErrorContext(ctx, "internal error", "err", err)
	return WithDetails(codes.Internal, ReasonInternal, "internal error", nil)
}

// StoreRetryDelay is the RetryInfo of an outage of the event store: about
// how long a database restart or failover takes to begin answering.
const StoreRetryDelay = time.Second

func retryDetail(d time.Duration) protoadapt.MessageV1 {
	if d <= 0 {
		return nil
	}
	return &errdetails.RetryInfo{RetryDelay: durationpb.New(d)}
}

func badRequestDetail(fields []*errdetails.BadRequest_FieldViolation) protoadapt.MessageV1 {
	if len(fields) == 0 {
		return nil
	}
	return &errdetails.BadRequest{FieldViolations: fields}
}

// WithDetails builds a status with an ErrorInfo and any further details.
func WithDetails(code codes.Code, reason, msg string, meta map[string]string, more ...protoadapt.MessageV1) error {
	st := status.New(code, msg)
	details := []protoadapt.MessageV1{&errdetails.ErrorInfo{Reason: reason, Domain: Domain, Metadata: meta}}
	for _, d := range more {
		if d != nil {
			details = append(details, d)
		}
	}
	if withD, err := st.WithDetails(details...); err == nil {
		st = withD
	}
	return st.Err()
}

// Mapper is the interceptors that map handler errors to statuses
// (ToStatus), logging what is not a client's refusal.
type Mapper struct{ Log *slog.Logger }

// Unary maps a unary handler's error.
func (m Mapper) Unary(ctx context.Context, req any, _ *grpc.UnaryServerInfo, h grpc.UnaryHandler) (any, error) {
	resp, err := h(ctx, req)
	if err != nil {
		return nil, ToStatus(ctx, m.Log, err)
	}
	return resp, nil
}

// Stream maps a stream handler's error.
func (m Mapper) Stream(srv any, ss grpc.ServerStream, _ *grpc.StreamServerInfo, h grpc.StreamHandler) error {
	return ToStatus(ss.Context(), m.Log, h(srv, ss))
}
