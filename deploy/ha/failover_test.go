package ha

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/eventstore/pgtest"
	"github.com/moonshine-games/moonshine/service/server"
	"github.com/moonshine-games/moonshine/service/server/servertest"
	"google.golang.org/grpc/codes"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
)

// tables is how many tables the load plays at once (three seats each).
const tables = 3

// TestFailover first reads from the formation's standby as a read
// replica (readReplica), then kills the primary of the formation with
// SIGKILL under a client-mode load, first with synchronous replication
// (pg_auto_failover's default) and then, on the same formation with the
// killed node rejoined as the standby, with asynchronous replication.
// Half a second before each kill the primary's WAL senders are stopped
// (as a network that stops carrying the WAL would), so that what the
// primary acknowledges without the standby is at stake. Each time the standby is promoted, the service
// (one server on the multi-host URL) carries on against it by itself,
// readiness goes down and comes back, and every watch stream that broke
// resumes from its last seq with no gap. Synchronous: no acknowledged
// command is lost and no client saw an event the log does not hold (a
// fork), and none was acknowledged while the standby could not confirm
// it. Asynchronous: the commands acknowledged while replication stalled
// are lost, and the clients that saw their events saw a fork. The time
// from the kill to the first command appended after it is logged (go
// test -v): docs/operations.md records it.
func TestFailover(t *testing.T) {
	h := pgtest.StartHA(t)
	ctx := t.Context()
	primary, standby := h.Nodes[0], h.Nodes[1]
	t.Run("read replica", func(t *testing.T) { readReplica(t, h, primary, standby) })
	t.Run("synchronous", func(t *testing.T) {
		r := failover(t, h, primary, standby)
		if r.lost != 0 || r.forks != 0 || r.stallAcks != 0 || r.stuck != 0 {
			t.Errorf("synchronous replication: %d acknowledged commands lost, %d forks, %d commands acknowledged while replication stalled, "+
				"%d watch streams stuck; want none", r.lost, r.forks, r.stallAcks, r.stuck)
		}
	})
	if t.Failed() {
		return
	}
	primary, standby = standby, primary
	if err := h.Rejoin(ctx, standby, primary); err != nil {
		t.Fatalf("rejoin the killed node as the standby: %v", err)
	}
	if err := h.SetAsync(ctx, primary, standby); err != nil {
		t.Fatal(err)
	}
	t.Run("asynchronous", func(t *testing.T) {
		r := failover(t, h, primary, standby)
		if r.stallAcks == 0 || r.lost < r.stallAcks {
			t.Errorf("asynchronous replication: %d commands appended and acknowledged while replication stalled, %d lost; want them all lost",
				r.stallAcks, r.lost)
		}
	})
}

// outcome is what one failover cost.
type outcome struct {
	lost, forks, stallAcks int
	// stuck counts the watch streams open across the kill that delivered
	// nothing after it.
	stuck int
}

// failover runs a server and the load on the formation, stalls the
// primary's replication and kills the primary, checks the service
// carries on and comes back ready, and counts what was lost.
func failover(t *testing.T, h *pgtest.HA, primary, standby *pgtest.Node) outcome {
	ctx := t.Context()
	_, addr := servertest.Start(t, ctx, server.Config{DatabaseURL: h.URL(), CommandRate: -1, CreateRate: -1,
		HealthInterval: 100 * time.Millisecond, WatchOutage: 200 * time.Millisecond})
	conn := servertest.Dial(t, addr)
	l := &load{c: moonshinev1.NewGameServiceClient(conn)}
	ready := watchReadiness(ctx, healthpb.NewHealthClient(conn))
	loadCtx, stopLoad := context.WithCancel(ctx)
	defer stopLoad()
	wg := l.run(loadCtx, tables)
	l.waitFor(t, 30*time.Second, "the load's first 30 commands", func() bool { return len(l.acked()) >= 30 })

	if err := h.StallReplication(ctx, primary); err != nil {
		t.Fatal(err)
	}
	stalled := time.Now()
	time.Sleep(500 * time.Millisecond)
	killed := h.Kill(primary)
	if err := h.WaitPrimary(ctx, standby); err != nil {
		t.Fatal(err)
	}
	promoted := time.Since(killed)
	// New tables too: a table whose commands the database lost (with
	// asynchronous replication) may never move again (the server's copy
	// of it is ahead of the log: see docs/operations.md).
	wgNew := l.run(loadCtx, tables)
	l.waitFor(t, time.Minute, "30 commands appended after the kill", func() bool {
		n := 0
		for _, a := range l.acked() {
			if a.stored.After(killed) {
				n++
			}
		}
		return n >= 30
	})
	l.waitFor(t, 10*time.Second, "readiness back", func() bool { return ready.backAfter(killed) })
	stopLoad()
	wg.Wait()
	wgNew.Wait()
	for _, err := range l.errs {
		t.Error(err)
	}

	var r outcome
	first := time.Duration(-1)
	for _, a := range l.acked() {
		if a.stored.After(killed) && (first < 0 || a.at.Sub(killed) < first) {
			first = a.at.Sub(killed)
		}
		if a.stored.After(stalled) && a.at.Before(killed) {
			r.stallAcks++
		}
	}
	r.lost = lost(t, h.NodeURL(standby), l.acked())
	gaps, resumes, broken, through, stopped := 0, 0, 0, 0, 0
	for _, w := range l.watches {
		r.forks += forks(t, l.c, w)
		gaps += len(w.gaps)
		resumes += w.resumes
		if w.resumes > 0 {
			broken++
		}
		if w.opened.Before(killed) && (w.over.IsZero() || w.over.After(killed)) {
			through++ // open across the kill: it must carry on
			if w.lastEvent.Before(killed) && (w.over.IsZero() || w.over.Before(killed)) {
				stopped++
			}
		}
	}
	t.Logf("%d tables played, %d commands acknowledged (%d while replication stalled); standby promoted %s after the kill; "+
		"first command appended after the kill accepted %s after it; readiness %s; %d watch streams, %d open across the kill, %d broke and were resumed (%d times), %d gaps; "+
		"%d acknowledged commands lost, %d forks; %d streams open across the kill delivered nothing after it",
		l.games, len(l.acked()), r.stallAcks, promoted.Round(time.Millisecond), first.Round(time.Millisecond), ready,
		len(l.watches), through, broken, resumes, gaps, r.lost, r.forks, r.stuck)
	if gaps > 0 {
		t.Errorf("%d watch streams resumed elsewhere than after their last seq", gaps)
	}
	if through == 0 {
		t.Error("no watch stream was open across the kill")
	}
	r.stuck = stopped
	if !ready.wentDownAfter(stalled) { // with synchronous replication the stall alone may take it down, before the kill
		t.Error("readiness did not go down during the failover")
	}
	return r
}

// waitFor polls cond until it holds, failing t after d or when the load
// failed.
func (l *load) waitFor(t *testing.T, d time.Duration, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(d); !cond(); time.Sleep(20 * time.Millisecond) {
		if err := l.failed(); err != nil {
			t.Fatalf("waiting for %s: %v", what, err)
		}
		if time.Now().After(deadline) {
			t.Fatalf("no %s within %s", what, d)
		}
	}
}

// lost counts the acknowledged commands the database at url does not
// hold as they were acknowledged.
func lost(t *testing.T, url string, acks []ack) int {
	t.Helper()
	conn, err := pgx.Connect(t.Context(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	n := 0
	for _, a := range acks {
		var held bool
		err := conn.QueryRow(t.Context(), `SELECT EXISTS (SELECT 1 FROM commands
			WHERE game_id = $1 AND seat = $2 AND command_id = $3 AND first_seq = $4 AND last_seq = $5)`,
			a.game, a.seat, a.id, a.firstSeq, a.lastSeq).Scan(&held)
		if err != nil {
			t.Fatal(err)
		}
		if !held {
			n++
		}
	}
	return n
}

// forks counts the events a seat's watch streams delivered that its
// game's history, read after the failover, does not hold as they were
// delivered: the same time, public body and private bodies (a finished
// game's history shows every seat's private bodies, and labels in the
// third person, so labels are left aside).
func forks(t *testing.T, c moonshinev1.GameServiceClient, w *watched) int {
	t.Helper()
	h, err := c.GetHistory(as(t.Context(), w.token), &moonshinev1.GetHistoryRequest{GameId: w.game})
	if status.Code(err) == codes.NotFound {
		return len(w.events) // the game itself was lost (asynchronous replication)
	}
	if err != nil {
		t.Fatalf("history of game %s as seat %d: %v", w.game, w.seat, err)
	}
	logged := map[int64]*moonshinev1.Event{}
	for _, ev := range h.GetEvents() {
		logged[ev.GetSeq()] = ev
	}
	n := 0
	for seq, ev := range w.events {
		if !holds(logged[seq], ev) {
			n++
		}
	}
	return n
}

// holds reports whether the logged event is the delivered one.
func holds(logged, delivered *moonshinev1.Event) bool {
	if logged == nil || !proto.Equal(logged.GetRecordedAt(), delivered.GetRecordedAt()) ||
		!proto.Equal(unlabelled(logged.GetPublic()), unlabelled(delivered.GetPublic())) {
		return false
	}
	for _, p := range delivered.GetPrivate() {
		if !slices.ContainsFunc(logged.GetPrivate(), func(q *moonshinev1.PrivatePart) bool {
			return proto.Equal(unlabelled(q.GetBody()), unlabelled(p.GetBody()))
		}) {
			return false
		}
	}
	return true
}

func unlabelled(b *moonshinev1.EventBody) *moonshinev1.EventBody {
	c := proto.Clone(b).(*moonshinev1.EventBody)
	c.Label = ""
	return c
}

// readiness records the server's readiness as it changes.
type readiness struct {
	mu      sync.Mutex
	changes []change
}

type change struct {
	at      time.Time
	serving bool
}

// watchReadiness checks the readiness every 20 ms until ctx ends.
func watchReadiness(ctx context.Context, hc healthpb.HealthClient) *readiness {
	r := &readiness{}
	go func() {
		for ctx.Err() == nil {
			res, err := hc.Check(ctx, &healthpb.HealthCheckRequest{})
			serving := err == nil && res.GetStatus() == healthpb.HealthCheckResponse_SERVING
			r.mu.Lock()
			if n := len(r.changes); n == 0 || r.changes[n-1].serving != serving {
				r.changes = append(r.changes, change{at: time.Now(), serving: serving})
			}
			r.mu.Unlock()
			time.Sleep(20 * time.Millisecond)
		}
	}()
	return r
}

// wentDownAfter reports whether readiness went down after t.
func (r *readiness) wentDownAfter(t time.Time) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, c := range r.changes {
		if c.at.After(t) && !c.serving {
			return true
		}
	}
	return false
}

// backAfter reports whether readiness went down after t and is back.
func (r *readiness) backAfter(t time.Time) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	n := len(r.changes)
	return n > 0 && r.changes[n-1].serving && r.changes[n-1].at.After(t) && n >= 2 && !r.changes[n-2].serving
}

// String says how long readiness was down each time.
func (r *readiness) String() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	var downs []string
	for i, c := range r.changes {
		switch {
		case c.serving || i == 0:
		case i+1 < len(r.changes):
			downs = append(downs, fmt.Sprintf("down for %s", r.changes[i+1].at.Sub(c.at).Round(time.Millisecond)))
		default:
			downs = append(downs, "down, not back")
		}
	}
	return strings.Join(downs, ", ")
}
