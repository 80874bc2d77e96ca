package telemetry

import (
	"context"
	"errors"
	"time"

	"github.com/moonshine-games/moonshine/service/eventstore"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/trace"
)

// Store returns s measured: each operation's latency goes to the
// moonshine_store_duration_seconds histogram by operation and result, and
// runs in a span of its own. A nil Telemetry returns s itself.
func (t *Telemetry) Store(s eventstore.Store) eventstore.Store {
	if t == nil {
		return s
	}
	return &measuredStore{Store: s, t: t}
}

type measuredStore struct {
	eventstore.Store
	t *Telemetry
}

// begin starts measuring an operation; done ends it with its error.
func (m *measuredStore) begin(ctx context.Context, op string) (context.Context, func(error)) {
	start := time.Now()
	ctx, span := m.t.Start(ctx, "eventstore."+op)
	return ctx, func(err error) {
		m.t.store.WithLabelValues(op, resultOf(err)).Observe(time.Since(start).Seconds())
		endSpan(span, err)
	}
}

func endSpan(span trace.Span, err error) {
	if err != nil {
		span.SetStatus(codes.Error, err.Error())
	}
	span.End()
}

// resultOf names an operation's outcome for the histogram's result label.
func resultOf(err error) string {
	switch {
	case err == nil:
		return "ok"
	case errors.Is(err, eventstore.ErrNotFound):
		return "not_found"
	case eventstore.IsVersionConflict(err):
		return "conflict"
	case errors.Is(err, eventstore.ErrUnavailable):
		return "unavailable"
	default:
		return "error"
	}
}

func (m *measuredStore) CreateGame(ctx context.Context, g eventstore.GameRecord, events [][]byte) (eventstore.AppendResult, error) {
	ctx, done := m.begin(ctx, "create_game")
	res, err := m.Store.CreateGame(ctx, g, events)
	done(err)
	return res, err
}

func (m *measuredStore) GetGame(ctx context.Context, id string) (eventstore.GameRecord, error) {
	ctx, done := m.begin(ctx, "get_game")
	g, err := m.Store.GetGame(ctx, id)
	done(err)
	return g, err
}

func (m *measuredStore) ListGames(ctx context.Context, f eventstore.ListFilter) ([]eventstore.GameRecord, error) {
	ctx, done := m.begin(ctx, "list_games")
	gs, err := m.Store.ListGames(ctx, f)
	done(err)
	return gs, err
}

func (m *measuredStore) Append(ctx context.Context, req eventstore.AppendRequest) (eventstore.AppendResult, error) {
	ctx, done := m.begin(ctx, "append")
	res, err := m.Store.Append(ctx, req)
	done(err)
	return res, err
}

func (m *measuredStore) LookupCommand(ctx context.Context, gameID string, seat int, commandID string) (eventstore.Command, error) {
	ctx, done := m.begin(ctx, "lookup_command")
	c, err := m.Store.LookupCommand(ctx, gameID, seat, commandID)
	done(err)
	return c, err
}

func (m *measuredStore) Commands(ctx context.Context, gameID string) ([]eventstore.Command, error) {
	ctx, done := m.begin(ctx, "commands")
	cs, err := m.Store.Commands(ctx, gameID)
	done(err)
	return cs, err
}

func (m *measuredStore) ReadStream(ctx context.Context, gameID string, afterSeq int64, limit int) ([]eventstore.Event, error) {
	ctx, done := m.begin(ctx, "read_stream")
	evs, err := m.Store.ReadStream(ctx, gameID, afterSeq, limit)
	done(err)
	return evs, err
}

func (m *measuredStore) Summarise(ctx context.Context, id string, sum eventstore.Summary) error {
	ctx, done := m.begin(ctx, "summarise")
	err := m.Store.Summarise(ctx, id, sum)
	done(err)
	return err
}

func (m *measuredStore) AppendTalk(ctx context.Context, req eventstore.TalkRequest) (eventstore.TalkResult, error) {
	ctx, done := m.begin(ctx, "append_talk")
	res, err := m.Store.AppendTalk(ctx, req)
	done(err)
	return res, err
}

func (m *measuredStore) ReadTalk(ctx context.Context, gameID string, afterSeq int64, limit int) ([]eventstore.TalkMessage, error) {
	ctx, done := m.begin(ctx, "read_talk")
	ms, err := m.Store.ReadTalk(ctx, gameID, afterSeq, limit)
	done(err)
	return ms, err
}

func (m *measuredStore) ClaimSeat(ctx context.Context, c eventstore.SeatClaim) error {
	ctx, done := m.begin(ctx, "claim_seat")
	err := m.Store.ClaimSeat(ctx, c)
	done(err)
	return err
}

func (m *measuredStore) Seats(ctx context.Context, gameID string) ([]eventstore.SeatClaim, error) {
	ctx, done := m.begin(ctx, "seats")
	cs, err := m.Store.Seats(ctx, gameID)
	done(err)
	return cs, err
}

func (m *measuredStore) SeatByToken(ctx context.Context, tokenHash []byte) (eventstore.SeatClaim, error) {
	ctx, done := m.begin(ctx, "seat_by_token")
	c, err := m.Store.SeatByToken(ctx, tokenHash)
	done(err)
	return c, err
}

func (m *measuredStore) Ping(ctx context.Context) error {
	ctx, done := m.begin(ctx, "ping")
	err := m.Store.Ping(ctx)
	done(err)
	return err
}

func (m *measuredStore) DueGames(ctx context.Context, until time.Time, limit int) ([]eventstore.DueGame, error) {
	ctx, done := m.begin(ctx, "due_games")
	out, err := m.Store.DueGames(ctx, until, limit)
	done(err)
	return out, err
}
