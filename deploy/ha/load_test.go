package ha

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sync"
	"time"

	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/auth"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
)

// ack is a command the service acknowledged: sent and answered at, its
// events stored at (the database's clock, this machine's).
type ack struct {
	game, id          string
	seat              int
	firstSeq, lastSeq int64
	sent, at, stored  time.Time
}

// watched is what one seat's watch streams delivered.
type watched struct {
	game    string
	seat    int
	token   string
	events  map[int64]*moonshinev1.Event
	gaps    []string // events not at last+1
	resumes int      // streams opened again after one broke
	// opened is when the first stream opened, lastEvent when the last
	// event came and over when the game ended (zero: it did not).
	opened, lastEvent, over time.Time
}

// players is the seats of a table: Booze Barons' fewest.
const players = 3

// load is a client-mode load: tables of three seats, each seat a client
// that watches its game once with prompts, resumes from its last seq
// when the stream breaks, and submits a legal command when a prompt says
// it must act, retrying an UNAVAILABLE with the same command id.
type load struct {
	c moonshinev1.GameServiceClient

	mu      sync.Mutex
	acks    []ack
	watches []*watched
	errs    []error
	games   int
}

func as(ctx context.Context, token string) context.Context {
	k, v := auth.Credentials(token)
	return metadata.AppendToOutgoingContext(ctx, k, v)
}

// run plays tables, one after another on each of n goroutines, until ctx
// ends.
func (l *load) run(ctx context.Context, n int) *sync.WaitGroup {
	var wg sync.WaitGroup
	for range n {
		wg.Go(func() {
			for ctx.Err() == nil {
				if err := l.table(ctx); err != nil && ctx.Err() == nil {
					l.fail(err)
					return
				}
			}
		})
	}
	return &wg
}

func (l *load) fail(err error) {
	l.mu.Lock()
	l.errs = append(l.errs, err)
	l.mu.Unlock()
}

// retry calls f until it succeeds, is refused for a reason other than
// an outage, or ctx ends.
func retry[T any](ctx context.Context, f func() (T, error)) (T, error) {
	for {
		v, err := f()
		if status.Code(err) != codes.Unavailable || ctx.Err() != nil {
			return v, err
		}
		select {
		case <-ctx.Done():
			return v, err
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// table creates a game, seats two clients and plays it to its end.
func (l *load) table(ctx context.Context) error {
	g, err := retry(ctx, func() (*moonshinev1.CreateGameResponse, error) {
		return l.c.CreateGame(ctx, &moonshinev1.CreateGameRequest{Game: "booze-barons", Config: &moonshinev1.GameConfig{Players: players}})
	})
	if err != nil {
		return fmt.Errorf("create a game: %w", err)
	}
	id := g.GetGame().GetGameId()
	var wg sync.WaitGroup
	for seat := range int32(players) {
		j, err := retry(ctx, func() (*moonshinev1.JoinGameResponse, error) {
			return l.c.JoinGame(ctx, &moonshinev1.JoinGameRequest{GameId: id, Seat: &seat, Name: fmt.Sprint("p", seat)})
		})
		if status.Code(err) == codes.NotFound {
			return nil // the database lost the game (asynchronous replication): play another
		}
		if err != nil {
			return fmt.Errorf("join game %s: %w", id, err)
		}
		w := &watched{game: id, seat: int(seat), token: j.GetCredential(), events: map[int64]*moonshinev1.Event{}}
		l.mu.Lock()
		l.watches = append(l.watches, w)
		l.mu.Unlock()
		wg.Go(func() { l.seat(ctx, w) })
	}
	wg.Wait()
	l.mu.Lock()
	l.games++
	l.mu.Unlock()
	return nil
}

// seat is one seat's client, until its game is over or ctx ends.
func (l *load) seat(ctx context.Context, w *watched) {
	last, opened := int64(0), 0
	w.opened = time.Now()
	for ctx.Err() == nil {
		stream, err := l.c.WatchGame(as(ctx, w.token), &moonshinev1.WatchGameRequest{GameId: w.game, AfterSeq: last, Prompts: true})
		if err != nil {
			time.Sleep(50 * time.Millisecond)
			continue
		}
		if opened++; opened > 1 {
			w.resumes++
		}
		for {
			m, err := stream.Recv()
			if errors.Is(err, io.EOF) || m.GetGameOver() != nil {
				w.over = time.Now()
				return
			}
			if err != nil {
				break // the stream broke: open it again after last
			}
			if ev := m.GetEvent(); ev != nil {
				if ev.GetSeq() != last+1 {
					w.gaps = append(w.gaps, fmt.Sprintf("event %d after %d", ev.GetSeq(), last))
				}
				w.events[ev.GetSeq()] = ev
				last, w.lastEvent = ev.GetSeq(), time.Now()
			}
			if p := m.GetPrompt(); p.GetVersion() == last && p.GetPrompt().GetMustAct() && len(p.GetPrompt().GetLegal()) > 0 {
				l.submit(ctx, w, p.GetVersion(), p.GetPrompt().GetLegal())
			}
		}
	}
}

// submit sends one of the legal commands at version, retrying through
// an outage under the same command id; a refusal (the game moved on)
// waits for the next prompt.
func (l *load) submit(ctx context.Context, w *watched, version int64, legal []*moonshinev1.GameCommand) {
	id := fmt.Sprintf("s%d-v%d", w.seat, version)
	cmd := legal[int(version)%len(legal)]
	sent := time.Now()
	res, err := retry(ctx, func() (*moonshinev1.SubmitCommandResponse, error) {
		return l.c.SubmitCommand(as(ctx, w.token), &moonshinev1.SubmitCommandRequest{GameId: w.game, CommandId: id, Command: proto.Clone(cmd).(*moonshinev1.GameCommand)})
	})
	if err != nil {
		return
	}
	l.mu.Lock()
	l.acks = append(l.acks, ack{game: w.game, id: id, seat: w.seat, firstSeq: res.GetFirstSeq(), lastSeq: res.GetLastSeq(),
		sent: sent, at: time.Now(), stored: res.GetEvents()[0].GetRecordedAt().AsTime()})
	l.mu.Unlock()
}

// failed returns the first error that stopped a table, if any.
func (l *load) failed() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.errs) > 0 {
		return l.errs[0]
	}
	return nil
}

// acked returns the acknowledgements so far.
func (l *load) acked() []ack {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]ack(nil), l.acks...)
}
