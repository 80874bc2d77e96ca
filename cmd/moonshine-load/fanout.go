package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"time"

	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
)

// connsPerInstance is how many client connections the watchers of the
// fan-out and stream scenarios share per server at least: one HTTP/2
// connection per thousand streams would make the client's reader the
// bottleneck.
const connsPerInstance = 8

// streamsPerConn is how many streams the tool opens on one connection at
// most: the server's HTTP/2 (net/http's, which serves gRPC beside REST)
// allows 250 concurrent streams per connection, and a stream over that
// waits for another to end.
const streamsPerConn = 200

// watchClients returns enough clients per instance for streams streams
// over all instances, and connsPerInstance at least.
func watchClients(f *fleet, streams int) ([]moonshinev1.GameServiceClient, func(), error) {
	perInstance := max(connsPerInstance, (streams/len(f.instances)+streamsPerConn-1)/streamsPerConn)
	var conns []*grpc.ClientConn
	closeAll := func() {
		for _, c := range conns {
			c.Close()
		}
	}
	var out []moonshinev1.GameServiceClient
	for range perInstance {
		for _, in := range f.instances {
			c, err := grpc.NewClient(in.addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
			if err != nil {
				closeAll()
				return nil, nil, err
			}
			conns = append(conns, c)
			out = append(out, moonshinev1.NewGameServiceClient(c))
		}
	}
	return out, closeAll, nil
}

// watcher is one spectator stream of the fan-out scenario: the seqs it
// received, in order, and when.
type watcher struct {
	seqs  []int64
	times []time.Time
	last  atomic.Int64
}

// fanOut opens o.watchers spectator streams on one game, then submits
// o.appends commands one at a time, each after every watcher has received
// the last: delivery latency is measured from just before each submit to
// each watcher's receipt of each event it wrote.
func fanOut(ctx context.Context, f *fleet, o options, rep *report) error {
	kinds, err := hostedGames(ctx, f.client(0), o)
	if err != nil {
		return err
	}
	p := &player{f: f, o: o, kind: kinds[0], t: newTally(len(f.instances))}
	p.o.maxMoves = 1 << 30
	if err := p.setUp(ctx); err != nil {
		return err
	}
	clients, closeClients, err := watchClients(f, o.watchers)
	if err != nil {
		return err
	}
	defer closeClients()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	ws := make([]*watcher, o.watchers)
	errs := make(chan error, o.watchers)
	var wg sync.WaitGroup
	for i := range ws {
		w := &watcher{}
		ws[i] = w
		stream, err := clients[i%len(clients)].WatchGame(ctx, &moonshinev1.WatchGameRequest{GameId: p.id})
		if err != nil {
			return fmt.Errorf("watcher %d: %w", i, err)
		}
		wg.Go(func() {
			for {
				msg, err := stream.Recv()
				if err != nil {
					if ctx.Err() == nil {
						errs <- err
					}
					return
				}
				if ev := msg.GetEvent(); ev != nil {
					w.seqs, w.times = append(w.seqs, ev.GetSeq()), append(w.times, time.Now())
					w.last.Store(ev.GetSeq())
				}
			}
		})
	}
	info, err := f.client(0).GetGame(ctx, &moonshinev1.GetGameRequest{GameId: p.id})
	if err != nil {
		return err
	}
	start := info.GetGame().GetVersion()
	if err := allReached(ctx, ws, start, errs); err != nil {
		return err
	}
	before, err := f.scrapeAll(ctx, false)
	if err != nil {
		return err
	}
	submitted, err := p.submitEach(ctx, o.appends, ws, errs)
	if err != nil {
		return err
	}
	after, err := f.scrapeAll(ctx, false)
	if err != nil {
		return err
	}
	cancel()
	wg.Wait()
	rd, err := fanOutRound(ws, start, submitted)
	if err != nil {
		return err
	}
	rd.RPC["SubmitCommand"] = p.t.lat.summary()["SubmitCommand"]
	for i := range f.instances {
		rd.Servers = append(rd.Servers, between(before[i], after[i]))
	}
	rd.Commands = len(submitted)
	rd.perCommand()
	rep.Rounds = append(rep.Rounds, rd)
	rep.MachineEnd = machine()
	return nil
}

// allReached waits until every watcher has received seq.
func allReached(ctx context.Context, ws []*watcher, seq int64, errs <-chan error) error {
	deadline := time.Now().Add(time.Minute)
	for i := 0; i < len(ws); {
		if ws[i].last.Load() >= seq {
			i++
			continue
		}
		select {
		case err := <-errs:
			return err
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(200 * time.Microsecond):
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("watcher %d is at seq %d, not %d, after a minute", i, ws[i].last.Load(), seq)
		}
	}
	return nil
}

// submitEach submits n commands of seats that must act, one at a time,
// each once every watcher has received the one before. It returns when
// each seq was submitted.
func (p *player) submitEach(ctx context.Context, n int, ws []*watcher, errs <-chan error) (map[int64]time.Time, error) {
	rng := rand.New(rand.NewPCG(uint64(p.o.seed), 0))
	sent := map[int64]time.Time{}
	for range n {
		pub, err := p.f.client(0).GetView(ctx, &moonshinev1.GetViewRequest{GameId: p.id})
		if err != nil {
			return nil, err
		}
		if pub.GetView().GetOutcome() != nil {
			break
		}
		var seat int = -1
		for _, w := range pub.GetView().GetWaiting() {
			if w.GetMustAct() {
				seat = int(w.GetSeat())
				break
			}
		}
		if seat < 0 {
			return nil, fmt.Errorf("game %s waits for nobody", p.id)
		}
		mine, err := p.f.client(seat).GetView(as(ctx, p.tokens[seat]), &moonshinev1.GetViewRequest{GameId: p.id})
		if err != nil {
			return nil, err
		}
		pr, v := mine.GetView().GetPrompt(), mine.GetView().GetInfo().GetVersion()
		at := time.Now()
		res, _, err := p.submit(ctx, seat, pr, v, rng)
		if err != nil {
			return nil, err
		}
		if res == nil {
			continue // refused: the game moved
		}
		for s := res.GetFirstSeq(); s <= res.GetLastSeq(); s++ {
			sent[s] = at
		}
		if err := allReached(ctx, ws, res.GetLastSeq(), errs); err != nil {
			return nil, err
		}
	}
	return sent, nil
}

// fanOutRound checks that every watcher got every event once, in order,
// and summarises the delivery latencies of the submitted ones.
func fanOutRound(ws []*watcher, start int64, sent map[int64]time.Time) (*round, error) {
	var ds []time.Duration
	for i, w := range ws {
		for j, s := range w.seqs {
			if s != int64(j+1) {
				return nil, fmt.Errorf("watcher %d: event %d has seq %d", i, j+1, s)
			}
			if at, ok := sent[s]; ok && s > start {
				ds = append(ds, w.times[j].Sub(at))
			}
		}
	}
	return &round{RPC: map[string]stats{"delivery": summarise(ds)},
		Extra: map[string]any{"watchers": len(ws), "events delivered to each": len(sent)}}, nil
}
