package main

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"sync"
	"time"

	bbv1 "github.com/moonshine-games/moonshine/proto/moonshine/boozebarons/v1"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"google.golang.org/grpc"
	"google.golang.org/grpc/metadata"
)

// report is what a run measured.
type report struct {
	Store          string  `json:"store"`
	Games          int     `json:"games"`
	Players        int     `json:"players"`
	Concurrency    int     `json:"concurrency"`
	Commands       int     `json:"commands"`
	Events         int64   `json:"events"`
	Seconds        float64 `json:"seconds"`
	CommandsPerSec float64 `json:"commands_per_sec"`
	EventsPerSec   float64 `json:"events_per_sec"`
	SubmitP50ms    float64 `json:"submit_p50_ms"`
	SubmitP99ms    float64 `json:"submit_p99_ms"`
	SubmitMaxms    float64 `json:"submit_max_ms"`
	HeapMiB        float64 `json:"heap_mib_after"`
}

func (r report) print(w io.Writer) {
	fmt.Fprintf(w, "store %s: %d games of %d players, %d at once\n", r.Store, r.Games, r.Players, r.Concurrency)
	fmt.Fprintf(w, "%d commands, %d events in %.2fs: %.0f commands/s, %.0f events/s\n",
		r.Commands, r.Events, r.Seconds, r.CommandsPerSec, r.EventsPerSec)
	fmt.Fprintf(w, "SubmitCommand latency: p50 %.2fms, p99 %.2fms, max %.2fms\n", r.SubmitP50ms, r.SubmitP99ms, r.SubmitMaxms)
	fmt.Fprintf(w, "heap in use after the run (in-process server and client): %.1f MiB\n", r.HeapMiB)
}

// tally collects per-command results from the workers.
type tally struct {
	mu        sync.Mutex
	latencies []time.Duration
	events    int64
}

func (t *tally) add(d time.Duration, events int64) {
	t.mu.Lock()
	t.latencies = append(t.latencies, d)
	t.events += events
	t.mu.Unlock()
}

// drive plays o.games games, o.concurrency at a time.
func drive(ctx context.Context, conn *grpc.ClientConn, o options) (report, error) {
	client := moonshinev1.NewGameServiceClient(conn)
	var t tally
	jobs := make(chan int)
	errs := make(chan error, o.games)
	var wg sync.WaitGroup
	start := time.Now()
	for w := 0; w < o.concurrency; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for g := range jobs {
				if err := playGame(ctx, client, o, g, &t); err != nil {
					errs <- fmt.Errorf("game %d: %w", g, err)
				}
			}
		}()
	}
	for g := 0; g < o.games; g++ {
		jobs <- g
	}
	close(jobs)
	wg.Wait()
	close(errs)
	if err := <-errs; err != nil {
		return report{}, err
	}
	return summarize(o, &t, time.Since(start)), nil
}

func summarize(o options, t *tally, elapsed time.Duration) report {
	slices.Sort(t.latencies)
	pct := func(p float64) float64 {
		if len(t.latencies) == 0 {
			return 0
		}
		i := int(p * float64(len(t.latencies)-1))
		return float64(t.latencies[i].Microseconds()) / 1000
	}
	s := elapsed.Seconds()
	return report{
		Games: o.games, Players: o.players, Concurrency: o.concurrency,
		Commands: len(t.latencies), Events: t.events, Seconds: s,
		CommandsPerSec: float64(len(t.latencies)) / s, EventsPerSec: float64(t.events) / s,
		SubmitP50ms: pct(0.50), SubmitP99ms: pct(0.99), SubmitMaxms: pct(1),
		HeapMiB: heapMiB(),
	}
}

// playGame creates a game, joins every seat with its own credential and
// plays it to the end.
func playGame(ctx context.Context, c moonshinev1.GameServiceClient, o options, n int, t *tally) error {
	created, err := c.CreateGame(ctx, &moonshinev1.CreateGameRequest{
		Game: "booze-barons",
		Config: &moonshinev1.GameConfig{
			Players: int32(o.players), Title: fmt.Sprintf("load %d", n),
			Options: &moonshinev1.GameOptions{Game: &moonshinev1.GameOptions_BoozeBarons{BoozeBarons: &bbv1.Options{}}},
		},
	})
	if err != nil {
		return err
	}
	id := created.GetGame().GetGameId()
	tokens := make([]string, o.players)
	for s := range tokens {
		seat := int32(s)
		j, err := c.JoinGame(ctx, &moonshinev1.JoinGameRequest{GameId: id, Seat: &seat, Name: fmt.Sprintf("load-%d", s)})
		if err != nil {
			return err
		}
		tokens[s] = j.GetCredential()
	}
	rng := rand.New(rand.NewPCG(uint64(o.seed), uint64(n)))
	for step := 0; ; step++ {
		if step > 10000 {
			return fmt.Errorf("game %s did not end in 10000 commands", id)
		}
		over, err := playStep(ctx, c, id, tokens, rng, t, step)
		if err != nil || over {
			return err
		}
	}
}

// playStep lets one seat that must act submit one of its legal commands.
func playStep(ctx context.Context, c moonshinev1.GameServiceClient, id string, tokens []string, rng *rand.Rand, t *tally, step int) (bool, error) {
	pub, err := c.GetView(ctx, &moonshinev1.GetViewRequest{GameId: id})
	if err != nil {
		return false, err
	}
	if pub.GetView().GetOutcome() != nil {
		return true, nil
	}
	var due []int32
	for _, w := range pub.GetView().GetWaiting() {
		if w.GetMustAct() {
			due = append(due, w.GetSeat())
		}
	}
	if len(due) == 0 {
		return false, fmt.Errorf("game %s waits for nobody and is not over", id)
	}
	seat := due[rng.IntN(len(due))]
	sctx := metadata.AppendToOutgoingContext(ctx, "authorization", "Bearer "+tokens[seat])
	mine, err := c.GetView(sctx, &moonshinev1.GetViewRequest{GameId: id})
	if err != nil {
		return false, err
	}
	legal := mine.GetView().GetPrompt().GetLegal()
	if len(legal) == 0 {
		return false, fmt.Errorf("game %s: seat %d must act but has no legal command", id, seat)
	}
	begin := time.Now()
	res, err := c.SubmitCommand(sctx, &moonshinev1.SubmitCommandRequest{
		GameId: id, CommandId: fmt.Sprintf("load-%d", step), Command: legal[rng.IntN(len(legal))],
	})
	if err != nil {
		return false, err
	}
	t.add(time.Since(begin), res.GetLastSeq()-res.GetFirstSeq()+1)
	return false, nil
}
