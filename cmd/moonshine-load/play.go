package main

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/auth"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
)

// gameKind is a hosted game and the table size played.
type gameKind struct {
	name    string
	players int32
}

// hostedGames returns the games to play: every game the server hosts (or
// those of -games), each at -players within its range.
func hostedGames(ctx context.Context, c moonshinev1.GameServiceClient, o options) ([]gameKind, error) {
	resp, err := c.ListRules(ctx, &moonshinev1.ListRulesRequest{})
	if err != nil {
		return nil, err
	}
	var out []gameKind
	for _, g := range resp.GetGames() {
		if len(o.only) > 0 && !slices.Contains(o.only, g.GetGame()) {
			continue
		}
		p := min(max(int32(o.players), g.GetMinPlayers()), g.GetMaxPlayers())
		out = append(out, gameKind{name: g.GetGame(), players: p})
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("the server hosts none of the games asked for")
	}
	return out, nil
}

// tally is what the games of a round did.
type tally struct {
	lat        *latencies
	commands   atomic.Int64
	events     atomic.Int64
	unfinished atomic.Int64
	mu         sync.Mutex
	games      map[string]int
	perServer  []atomic.Int64 // commands accepted by each instance
}

func newTally(instances int) *tally {
	return &tally{lat: newLatencies(), games: map[string]int{}, perServer: make([]atomic.Int64, instances)}
}

// playGames plays o.count games, o.concurrency at a time, the kinds in
// turn.
func playGames(ctx context.Context, f *fleet, o options, kinds []gameKind, roundNo int) (*tally, time.Duration, error) {
	t := newTally(len(f.instances))
	jobs := make(chan int)
	errs := make(chan error, o.count)
	var wg sync.WaitGroup
	start := time.Now()
	for range o.concurrency {
		wg.Go(func() {
			for n := range jobs {
				k := kinds[n%len(kinds)]
				p := &player{f: f, o: o, kind: k, n: roundNo*o.count + n, t: t}
				if err := p.play(ctx); err != nil {
					errs <- fmt.Errorf("%s game %d: %w", k.name, n, err)
				}
			}
		})
	}
	for n := range o.count {
		jobs <- n
	}
	close(jobs)
	wg.Wait()
	close(errs)
	return t, time.Since(start), <-errs
}

// player plays one game.
type player struct {
	f      *fleet
	o      options
	kind   gameKind
	n      int // the game's number in the run: spreads calls over instances
	t      *tally
	id     string
	tokens []string
	moves  atomic.Int64
}

// as returns ctx carrying the seat's credential.
func as(ctx context.Context, token string) context.Context {
	k, v := auth.Credentials(token)
	return metadata.AppendToOutgoingContext(ctx, k, v)
}

func (p *player) play(ctx context.Context) error {
	if err := p.setUp(ctx); err != nil {
		return err
	}
	var err error
	if p.o.mode == "poll" {
		err = p.poll(ctx)
	} else {
		err = p.stream(ctx)
	}
	if err != nil {
		return err
	}
	p.t.mu.Lock()
	p.t.games[p.kind.name]++
	p.t.mu.Unlock()
	return nil
}

// setUp creates the game and claims every seat.
func (p *player) setUp(ctx context.Context) error {
	c := p.f.client(p.n)
	start := time.Now()
	created, err := c.CreateGame(ctx, &moonshinev1.CreateGameRequest{Game: p.kind.name,
		Config: &moonshinev1.GameConfig{Players: p.kind.players, Title: fmt.Sprintf("load %d", p.n)}})
	if err != nil {
		return err
	}
	p.t.lat.since("CreateGame", start)
	p.id = created.GetGame().GetGameId()
	for s := range p.kind.players {
		start := time.Now()
		j, err := p.f.client(p.n+int(s)).JoinGame(ctx, &moonshinev1.JoinGameRequest{GameId: p.id, Seat: &s, Name: fmt.Sprintf("load-%d", s)})
		if err != nil {
			return err
		}
		p.t.lat.since("JoinGame", start)
		p.tokens = append(p.tokens, j.GetCredential())
	}
	return nil
}

// errLeft ends a game that reached -moves.
var errLeft = errors.New("left at -moves")

// submit sends one of the prompt's legal commands for seat and reports
// whether the game may go on (false: -moves reached). The response is nil
// when the command was refused because the game moved on.
func (p *player) submit(ctx context.Context, seat int, pr *moonshinev1.Prompt, version int64, rng *rand.Rand) (*moonshinev1.SubmitCommandResponse, bool, error) {
	if p.moves.Load() >= int64(p.o.maxMoves) {
		return nil, false, nil
	}
	legal := pr.GetLegal()
	inst := p.n + seat
	start := time.Now()
	res, err := p.f.client(inst).SubmitCommand(as(ctx, p.tokens[seat]), &moonshinev1.SubmitCommandRequest{
		GameId: p.id, CommandId: fmt.Sprintf("s%d-v%d", seat, version), Command: legal[rng.IntN(len(legal))]})
	switch code := status.Code(err); {
	case err == nil:
	case code == codes.FailedPrecondition || code == codes.Aborted || code == codes.AlreadyExists:
		// The game moved on since the prompt (another seat acted): the
		// next prompt says what now.
		p.t.lat.refused("SubmitCommand")
		return nil, true, nil
	default:
		return nil, false, err
	}
	p.t.lat.since("SubmitCommand", start)
	p.t.commands.Add(1)
	p.t.perServer[inst%len(p.t.perServer)].Add(1)
	p.t.events.Add(res.GetLastSeq() - res.GetFirstSeq() + 1)
	return res, p.moves.Add(1) < int64(p.o.maxMoves), nil
}

// poll plays as the tool always did: for each command the public view,
// then the acting seat's view, then the submit.
func (p *player) poll(ctx context.Context) error {
	return p.pollFor(ctx, rand.New(rand.NewPCG(uint64(p.o.seed), uint64(p.n))))
}

// pollFor plays by polling until the game is over or -moves is reached.
func (p *player) pollFor(ctx context.Context, rng *rand.Rand) error {
	for {
		start := time.Now()
		pub, err := p.f.client(p.n).GetView(ctx, &moonshinev1.GetViewRequest{GameId: p.id})
		if err != nil {
			return err
		}
		p.t.lat.since("GetView", start)
		if pub.GetView().GetOutcome() != nil {
			return nil
		}
		var due []int
		for _, w := range pub.GetView().GetWaiting() {
			if w.GetMustAct() {
				due = append(due, int(w.GetSeat()))
			}
		}
		if len(due) == 0 {
			return fmt.Errorf("game %s waits for nobody and is not over", p.id)
		}
		seat := due[rng.IntN(len(due))]
		start = time.Now()
		mine, err := p.f.client(p.n+seat).GetView(as(ctx, p.tokens[seat]), &moonshinev1.GetViewRequest{GameId: p.id})
		if err != nil {
			return err
		}
		p.t.lat.since("GetView", start)
		pr := mine.GetView().GetPrompt()
		if len(pr.GetLegal()) == 0 {
			return fmt.Errorf("game %s: seat %d must act but has no legal command", p.id, seat)
		}
		_, more, err := p.submit(ctx, seat, pr, mine.GetView().GetInfo().GetVersion(), rng)
		if err != nil {
			return err
		}
		if !more {
			p.t.unfinished.Add(1)
			return nil
		}
	}
}

// stream plays as a frontend does: every seat watches the game once and
// acts on its prompts, until the game is over or -moves is reached.
func (p *player) stream(ctx context.Context) error {
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	errs := make(chan error, len(p.tokens))
	for seat := range p.tokens {
		go func() {
			err := p.seat(ctx, seat)
			if errors.Is(err, errLeft) {
				cancel(errLeft)
			}
			errs <- err
		}()
	}
	var first error
	for range p.tokens {
		err := <-errs
		switch {
		case err == nil:
		case errors.Is(err, errLeft), errors.Is(context.Cause(ctx), errLeft):
		case first == nil:
			first = err
			cancel(err)
		}
	}
	if first == nil && errors.Is(context.Cause(ctx), errLeft) {
		p.t.unfinished.Add(1)
	}
	return first
}

// seat is one seat's frontend: it watches, and acts when prompted.
func (p *player) seat(ctx context.Context, seat int) error {
	rng := rand.New(rand.NewPCG(uint64(p.o.seed), uint64(p.n)<<8|uint64(seat)))
	c := p.f.client(p.n + seat)
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	w, err := c.WatchGame(as(ctx, p.tokens[seat]), &moonshinev1.WatchGameRequest{GameId: p.id, Prompts: p.o.prompts == "stream", Batched: p.o.batched})
	if err != nil {
		return err
	}
	var act *actor
	if p.o.prompts == "view" {
		act = p.startActor(ctx, cancel, seat, rng)
	}
	// acted is the last seq of the seat's last accepted command: prompts
	// from before it were queued while the seat submitted, and are stale.
	acted := int64(0)
	for {
		msg, err := w.Recv()
		switch {
		case err != nil && ctx.Err() != nil:
			return context.Cause(ctx)
		case err != nil:
			return err
		case msg.GetGameOver() != nil:
			return nil
		case act != nil && (msg.GetEvent() != nil || len(msg.GetEvents()) > 0):
			if err := act.poke(); err != nil {
				return err
			}
		case msg.GetPrompt() != nil:
			pr := msg.GetPrompt().GetPrompt()
			if msg.GetPrompt().GetVersion() < acted || !pr.GetMustAct() || len(pr.GetLegal()) == 0 {
				continue
			}
			res, more, err := p.submit(ctx, seat, pr, msg.GetPrompt().GetVersion(), rng)
			if err != nil {
				return err
			}
			if !more {
				return errLeft
			}
			acted = max(acted, res.GetLastSeq())
		}
	}
}

// actor is a seat that learns from its view whether it must act (-prompts
// view): poked after each event it receives, it reads its view and
// submits when prompted. When it stops it cancels the seat's stream with
// the reason (errLeft at -moves).
type actor struct {
	wake chan struct{}
}

func (p *player) startActor(ctx context.Context, stop context.CancelCauseFunc, seat int, rng *rand.Rand) *actor {
	a := &actor{wake: make(chan struct{}, 1)}
	go func() {
		err := p.act(ctx, a, seat, rng)
		if err == nil {
			err = errLeft
		}
		stop(err)
	}()
	return a
}

// poke wakes the actor.
func (a *actor) poke() error {
	select {
	case a.wake <- struct{}{}:
	default:
	}
	return nil
}

func (p *player) act(ctx context.Context, a *actor, seat int, rng *rand.Rand) error {
	c := p.f.client(p.n + seat)
	acted := int64(0) // the last seq of the seat's last accepted command
	for {
		select {
		case <-ctx.Done():
			return context.Cause(ctx)
		case <-a.wake:
		}
		start := time.Now()
		v, err := c.GetView(as(ctx, p.tokens[seat]), &moonshinev1.GetViewRequest{GameId: p.id, MinVersion: acted})
		if err != nil {
			return err
		}
		p.t.lat.since("GetView", start)
		pr := v.GetView().GetPrompt()
		if !pr.GetMustAct() || len(pr.GetLegal()) == 0 {
			continue
		}
		res, more, err := p.submit(ctx, seat, pr, v.GetView().GetInfo().GetVersion(), rng)
		if err != nil || !more {
			return err
		}
		acted = max(acted, res.GetLastSeq())
	}
}
