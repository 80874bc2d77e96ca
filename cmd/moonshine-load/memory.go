package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sync"

	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
)

// openStreams creates o.streamGames games, opens o.streams spectator
// streams over them and reports the servers' heap and resident memory per
// open stream: the growth from before the streams to when every stream
// has caught up and waits, each after a collection.
func openStreams(ctx context.Context, f *fleet, o options, rep *report) error {
	kinds, err := hostedGames(ctx, f.client(0), o)
	if err != nil {
		return err
	}
	ids := make([]string, o.streamGames)
	versions := make([]int64, o.streamGames)
	for i := range ids {
		k := kinds[i%len(kinds)]
		g, err := f.client(i).CreateGame(ctx, &moonshinev1.CreateGameRequest{Game: k.name,
			Config: &moonshinev1.GameConfig{Players: k.players, Title: "streams"}})
		if err != nil {
			return err
		}
		ids[i], versions[i] = g.GetGame().GetGameId(), g.GetGame().GetVersion()
	}
	clients, closeClients, err := watchClients(f, o.streams)
	if err != nil {
		return err
	}
	defer closeClients()
	before, err := f.scrapeAll(ctx, true)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var ready, wg sync.WaitGroup
	errs := make(chan error, o.streams)
	for i := range o.streams {
		g := i % len(ids)
		stream, err := clients[i%len(clients)].WatchGame(ctx, &moonshinev1.WatchGameRequest{GameId: ids[g]})
		if err != nil {
			return fmt.Errorf("stream %d: %w", i, err)
		}
		ready.Add(1)
		wg.Go(func() {
			caughtUp := false
			for {
				msg, err := stream.Recv()
				if err != nil {
					if !caughtUp {
						errs <- err
						ready.Done()
					}
					return
				}
				if !caughtUp && msg.GetEvent().GetSeq() >= versions[g] {
					caughtUp = true
					ready.Done()
				}
			}
		})
	}
	ready.Wait()
	select {
	case err := <-errs:
		return err
	default:
	}
	after, err := f.scrapeAll(ctx, true)
	if err != nil {
		return err
	}
	rd := &round{Extra: map[string]any{"streams": o.streams, "games": o.streamGames}}
	for i := range f.instances {
		u := between(before[i], after[i])
		rd.Servers = append(rd.Servers, u)
		if before[i] != nil {
			per := float64(o.streams) / float64(len(f.instances))
			rd.Extra[fmt.Sprintf("server %d heap per stream (bytes)", i+1)] = fmt.Sprintf("%.0f", (after[i][heapAlloc]-before[i][heapAlloc])/per)
			rd.Extra[fmt.Sprintf("server %d RSS per stream (bytes)", i+1)] = fmt.Sprintf("%.0f", (after[i][rss]-before[i][rss])/per)
		}
	}
	rep.Rounds = append(rep.Rounds, rd)
	cancel()
	wg.Wait()
	rep.MachineEnd = machine()
	return nil
}

// cacheGames creates and plays o.cacheGames games of each kind, o.cacheMoves
// commands each, and reports per kind the growth of the servers' heap and
// of the cache's measured bytes per game, each after a collection. The
// cache's budget (-cache-mib) must hold them all.
func cacheGames(ctx context.Context, f *fleet, o options, rep *report) error {
	kinds, err := hostedGames(ctx, f.client(0), o)
	if err != nil {
		return err
	}
	rd := &round{Extra: map[string]any{}}
	lat := newLatencies()
	for _, k := range kinds {
		before, err := f.scrapeAll(ctx, true)
		if err != nil {
			return err
		}
		if err := playMany(ctx, f, o, k, lat); err != nil {
			return err
		}
		after, err := f.scrapeAll(ctx, true)
		if err != nil {
			return err
		}
		for i := range f.instances {
			if before[i] == nil {
				continue
			}
			per := float64(o.cacheGames) / float64(len(f.instances))
			rd.Extra[fmt.Sprintf("%s: server %d heap per game (bytes)", k.name, i+1)] = fmt.Sprintf("%.0f", (after[i][heapAlloc]-before[i][heapAlloc])/per)
			rd.Extra[fmt.Sprintf("%s: server %d cache bytes per game (measured)", k.name, i+1)] = fmt.Sprintf("%.0f", (after[i][cacheBytes]-before[i][cacheBytes])/per)
			rd.Extra[fmt.Sprintf("%s: server %d cached games", k.name, i+1)] = after[i][cachedGames]
			rd.Extra[fmt.Sprintf("%s: server %d heap after (MiB)", k.name, i+1)] = fmt.Sprintf("%.1f", after[i][heapAlloc]/(1<<20))
		}
	}
	rd.RPC = lat.summary()
	rep.Rounds = append(rep.Rounds, rd)
	rep.MachineEnd = machine()
	return nil
}

// playMany creates o.cacheGames games of kind k and plays o.cacheMoves
// commands in each, polling, o.concurrency at a time.
func playMany(ctx context.Context, f *fleet, o options, k gameKind, lat *latencies) error {
	jobs := make(chan int)
	errs := make(chan error, o.concurrency)
	var wg sync.WaitGroup
	po := o
	po.maxMoves = o.cacheMoves
	for range o.concurrency {
		wg.Go(func() {
			for n := range jobs {
				t := newTally(len(f.instances))
				t.lat = lat
				p := &player{f: f, o: po, kind: k, n: n, t: t}
				if err := p.setUp(ctx); err != nil {
					errs <- err
					return
				}
				if err := p.pollFor(ctx, rand.New(rand.NewPCG(uint64(o.seed), uint64(n)))); err != nil {
					errs <- err
					return
				}
			}
		})
	}
	for n := range o.cacheGames {
		select {
		case jobs <- n:
		case err := <-errs:
			close(jobs)
			wg.Wait()
			return err
		}
	}
	close(jobs)
	wg.Wait()
	select {
	case err := <-errs:
		return err
	default:
		return nil
	}
}
