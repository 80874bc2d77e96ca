package pgstore

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/moonshine-games/moonshine/service/eventstore"
	"github.com/moonshine-games/moonshine/service/eventstore/pgtest"
)

// wait only keeps a broken store from hanging the test.
const wait = 20 * time.Second

func create(t *testing.T, s *Store, id string) {
	t.Helper()
	if _, err := s.CreateGame(t.Context(), eventstore.GameRecord{ID: id, Rules: "r"}, [][]byte{[]byte("setup")}); err != nil {
		t.Fatalf("CreateGame(%s): %v", id, err)
	}
}

func waitWake(t *testing.T, ch <-chan struct{}, what string) {
	t.Helper()
	select {
	case _, ok := <-ch:
		if !ok {
			t.Fatalf("%s: subscription closed", what)
		}
	case <-time.After(wait):
		t.Fatalf("%s: no wake-up", what)
	}
}

// wakes returns a channel that receives a value whenever s tells its
// listeners that game id, or any game, may have moved (coalesced).
func wakes(t *testing.T, s *Store, id string) <-chan struct{} {
	ch := make(chan struct{}, 1)
	t.Cleanup(s.OnChange(func(c eventstore.Change) {
		if c.GameID == id || c.GameID == "" {
			select {
			case ch <- struct{}{}:
			default:
			}
		}
	}))
	return ch
}

// A listener of one store is told, through the other's notification, of
// the version and the talk version each append (and each table change)
// through the other reached, with its events as the log holds them when they fit in the
// payload (without, when they do not); a notification of an older
// server, which names only the game, says that it may have moved.
func TestChangesAcrossStores(t *testing.T) {
	url := pgtest.New(t)
	a, b := openTest(t, url), openTest(t, url)
	create(t, a, "g")
	changes := make(chan eventstore.Change, 16)
	defer a.OnChange(func(c eventstore.Change) { changes <- c })()
	next := func(what string) eventstore.Change {
		t.Helper()
		select {
		case c := <-changes:
			return c
		case <-time.After(wait):
			t.Fatalf("%s: no change told", what)
		}
		return eventstore.Change{}
	}
	type told struct {
		game          string
		version, talk int64
	}
	versions := func(c eventstore.Change) told { return told{c.GameID, c.Version, c.TalkVersion} }
	if _, err := b.Append(t.Context(), eventstore.AppendRequest{GameID: "g", ExpectedVersion: 1, Events: [][]byte{[]byte("e"), {0, 0xff, ' ', ':'}}}); err != nil {
		t.Fatal(err)
	}
	c := next("an append")
	if versions(c) != (told{"g", 3, 0}) {
		t.Errorf("told %+v, want version 3", c)
	}
	logged, err := a.ReadStream(t.Context(), "g", 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(c.Events, logged) {
		t.Errorf("told events %+v, the log holds %+v", c.Events, logged)
	}
	big := make([][]byte, 100)
	for i := range big {
		big[i] = bytes.Repeat([]byte{byte(i)}, 100)
	}
	if _, err := b.Append(t.Context(), eventstore.AppendRequest{GameID: "g", ExpectedVersion: 3, Events: big}); err != nil {
		t.Fatal(err)
	}
	if c := next("an append too big to carry"); versions(c) != (told{"g", 103, 0}) || c.Events != nil {
		t.Errorf("told %+v, want version 103 without events", c)
	}
	if _, err := b.AppendTalk(t.Context(), eventstore.TalkRequest{GameID: "g", Data: []byte("hi")}); err != nil {
		t.Fatal(err)
	}
	if c := next("a message"); versions(c) != (told{"g", 0, 1}) || c.Events != nil {
		t.Errorf("told %+v, want talk version 1", c)
	}
	if err := b.ClaimSeat(t.Context(), eventstore.SeatClaim{GameID: "g", Seat: 0, TokenHash: []byte("t0")}); err != nil {
		t.Fatal(err)
	}
	if c := next("a seat claimed"); versions(c) != (told{"g", 0, 0}) || !c.Seats {
		t.Errorf("told %+v, want a seat claimed", c)
	}
	if _, err := b.ChangeTable(t.Context(), eventstore.TableChange{GameID: "g", ExpectedVersion: 103, Event: []byte("cancelled"), Cancel: true}); err != nil {
		t.Fatal(err)
	}
	c = next("a table change")
	if versions(c) != (told{"g", 104, 0}) {
		t.Errorf("told %+v, want version 104", c)
	}
	if logged, err = a.ReadStream(t.Context(), "g", 103, 0); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(c.Events, logged) {
		t.Errorf("told events %+v, the log holds %+v", c.Events, logged)
	}
	if _, err := b.pool.Exec(t.Context(), `SELECT pg_notify($1, 'older-server g')`, notifyChannel); err != nil {
		t.Fatal(err)
	}
	if c := next("an older server's notification"); versions(c) != (told{game: "g"}) || c.Events != nil {
		t.Errorf("told %+v, want the game alone", c)
	}
}

// Every listing ListGames runs can be served by an index: with sequential
// scans priced out, the planner reads games through one, never the whole
// table.
func TestListGamesIndexed(t *testing.T) {
	ctx := t.Context()
	s := openTest(t, pgtest.New(t))
	create(t, s, "g")
	conn, err := s.pool.Acquire(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Release()
	if _, err := conn.Exec(ctx, `SET enable_seqscan = off`); err != nil {
		t.Fatal(err)
	}
	defer conn.Exec(context.Background(), `RESET enable_seqscan`)
	for _, f := range []eventstore.ListFilter{
		{}, {Rules: "r"}, {AfterID: "g"}, {Rules: "r", AfterID: "g"},
		{Rules: "r", Status: eventstore.StatusOpen}, {Rules: "r", MinOpenSeats: 2}, {Rules: "r", MinOpenSeats: 1, Players: 4, AfterID: "g"},
		{Status: eventstore.StatusOver}, {Players: 2},
		{Listed: true}, {Listed: true, Rules: "r"}, {Listed: true, Rules: "r", MinOpenSeats: 1, AfterID: "g"}, {Listed: true, Status: eventstore.StatusOpen},
	} {
		where, args := listWhere(f)
		args = append(args, 50)
		q := fmt.Sprintf(`EXPLAIN SELECT * FROM games g %s ORDER BY created_at DESC, id DESC LIMIT $%d`, where, len(args))
		rows, err := conn.Query(ctx, q, args...)
		if err != nil {
			t.Fatalf("%+v: %v", f, err)
		}
		lines, err := pgx.CollectRows(rows, pgx.RowTo[string])
		if err != nil {
			t.Fatal(err)
		}
		plan := strings.Join(lines, "\n")
		if strings.Contains(plan, "Seq Scan on games") {
			t.Errorf("ListGames(%+v) scans the table:\n%s", f, plan)
		}
	}
}

// Killing the listener's connection: it reconnects and tells its
// listeners that any game may have moved, and notifications flow again
// afterwards.
func TestListenerReconnects(t *testing.T) {
	ctx := t.Context()
	url := pgtest.New(t)
	s, other := openTest(t, url), openTest(t, url)
	create(t, s, "g")
	ch := wakes(t, s, "g")
	before := s.lis.connects.Load()
	pid := s.lis.backendPID()
	var killed bool
	if err := other.pool.QueryRow(ctx, `SELECT pg_terminate_backend($1)`, int32(pid)).Scan(&killed); err != nil || !killed {
		t.Fatalf("pg_terminate_backend(%d) = %v, %v", pid, killed, err)
	}
	waitWake(t, ch, "listener reconnect")
	deadline := time.Now().Add(wait)
	for s.lis.connects.Load() == before {
		if time.Now().After(deadline) {
			t.Fatal("listener did not reconnect")
		}
		time.Sleep(10 * time.Millisecond)
	}
	if s.lis.backendPID() == pid {
		t.Fatal("listener still on the killed backend")
	}
	drainAll(ch)
	if _, err := other.Append(ctx, eventstore.AppendRequest{GameID: "g", ExpectedVersion: 1, Events: [][]byte{[]byte("e")}}); err != nil {
		t.Fatalf("Append: %v", err)
	}
	waitWake(t, ch, "append after reconnect")
}

func drainAll(ch <-chan struct{}) {
	for {
		select {
		case <-ch:
		default:
			return
		}
	}
}

// One command id sent concurrently through two stores (two servers) is
// recorded once.
func TestCommandAcrossStores(t *testing.T) {
	ctx := t.Context()
	url := pgtest.New(t)
	stores := []*Store{openTest(t, url), openTest(t, url)}
	create(t, stores[0], "g")
	const n = 16
	res := make([]eventstore.AppendResult, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			res[i], errs[i] = stores[i%2].Append(ctx, eventstore.AppendRequest{
				GameID: "g", ExpectedVersion: eventstore.AnyVersion, Events: [][]byte{[]byte("a"), []byte("b")},
				Command: &eventstore.Command{ID: "same", Seat: 3, Data: []byte{byte(i)}},
			})
		})
	}
	wg.Wait()
	firsts := 0
	for i := range n {
		if errs[i] != nil {
			t.Fatalf("append %d: %v", i, errs[i])
		}
		if !res[i].Duplicate {
			firsts++
		}
		if res[i].FirstSeq != 2 || res[i].LastSeq != 3 {
			t.Errorf("append %d: seqs %d..%d, want 2..3", i, res[i].FirstSeq, res[i].LastSeq)
		}
	}
	if firsts != 1 {
		t.Errorf("%d appends recorded the command, want 1", firsts)
	}
	g, err := stores[1].GetGame(ctx, "g")
	if err != nil || g.Version != 3 {
		t.Errorf("GetGame = %+v, %v; want version 3", g, err)
	}
}

// The events table refuses UPDATE, DELETE and TRUNCATE.
func TestEventsAppendOnly(t *testing.T) {
	ctx := t.Context()
	s := openTest(t, pgtest.New(t))
	create(t, s, "g")
	for _, q := range []string{
		`UPDATE events SET data = 'x'`,
		`DELETE FROM events`,
		`TRUNCATE events`,
	} {
		if _, err := s.pool.Exec(ctx, q); err == nil {
			t.Errorf("%s succeeded", q)
		}
	}
	evs, err := s.ReadStream(ctx, "g", 0, 0)
	if err != nil || len(evs) != 1 || string(evs[0].Data) != "setup" {
		t.Errorf("ReadStream = %v, %v", evs, err)
	}
}

// Servers starting at once migrate once; migrating again is a no-op.
func TestMigrateConcurrentAndTwice(t *testing.T) {
	ctx := t.Context()
	url := pgtest.New(t)
	errs := make([]error, 8)
	var wg sync.WaitGroup
	for i := range errs {
		wg.Go(func() { errs[i] = MigrateURL(ctx, url) })
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Fatalf("concurrent migrations: %v", err)
	}
	if err := MigrateURL(ctx, url); err != nil {
		t.Fatalf("migrating again: %v", err)
	}
	s := openTest(t, url)
	var version int
	if err := s.pool.QueryRow(ctx, `SELECT version FROM moonshine_schema_version`).Scan(&version); err != nil || version < 1 {
		t.Fatalf("schema version = %d, %v", version, err)
	}
	create(t, s, "g")
}

// A cancelled context abandons an append without leaving its connection
// in a transaction or writing anything.
func TestAppendCancelled(t *testing.T) {
	s := openTest(t, pgtest.New(t))
	create(t, s, "g")
	for range 20 {
		ctx, cancel := context.WithCancel(t.Context())
		go cancel()
		_, _ = s.Append(ctx, eventstore.AppendRequest{GameID: "g", ExpectedVersion: eventstore.AnyVersion, Events: [][]byte{[]byte("x")}})
	}
	g, err := s.GetGame(t.Context(), "g")
	if err != nil {
		t.Fatalf("GetGame: %v", err)
	}
	evs, err := s.ReadStream(t.Context(), "g", 0, 0)
	if err != nil || int64(len(evs)) != g.Version {
		t.Fatalf("version %d but %d events (%v)", g.Version, len(evs), err)
	}
	for i, e := range evs {
		if e.Seq != int64(i+1) {
			t.Fatalf("gap: event %d has seq %d", i, e.Seq)
		}
	}
}

// Connections killed under running appends: each failure is
// ErrUnavailable, every append, retried with its command id until it
// succeeds, is recorded exactly once, and the log stays dense.
func TestAppendsSurviveKilledConnections(t *testing.T) {
	ctx := t.Context()
	url := pgtest.New(t)
	s, killer := openTest(t, url), openTest(t, url)
	const writers, perWriter = 4, 25
	for w := range writers {
		create(t, s, fmt.Sprint("g", w))
	}
	// The killer ends after a bounded number of kills, so the writers
	// always finish; how many land mid-append varies from run to run.
	const maxKills = 40
	stop := make(chan struct{})
	killerDone := make(chan int)
	go func() {
		kills := 0
		for kills < maxKills {
			select {
			case <-stop:
				killerDone <- kills
				return
			case <-time.After(10 * time.Millisecond):
			}
			var n int
			_ = killer.pool.QueryRow(ctx, `SELECT count(pg_terminate_backend(pid)) FROM (
				SELECT pid FROM pg_stat_activity
				WHERE datname = current_database() AND pid <> pg_backend_pid() AND state = 'active'
				  AND query NOT LIKE 'LISTEN%' LIMIT 1) AS victim`).Scan(&n)
			kills += n
		}
		<-stop
		killerDone <- kills
	}()
	var wg sync.WaitGroup
	failures := make([]int, writers)
	for w := range writers {
		wg.Go(func() {
			game := fmt.Sprint("g", w)
			for i := range perWriter {
				req := eventstore.AppendRequest{
					GameID: game, ExpectedVersion: eventstore.AnyVersion, Events: [][]byte{[]byte("a"), []byte("b")},
					Command: &eventstore.Command{ID: fmt.Sprint("c", i)},
				}
				for attempt := 0; ; attempt++ {
					_, err := s.Append(ctx, req)
					if err == nil {
						break
					}
					failures[w]++
					if !errors.Is(err, eventstore.ErrUnavailable) {
						t.Errorf("%s command %d: a killed connection gave %v, want ErrUnavailable", game, i, err)
					}
					if attempt > 10*maxKills || ctx.Err() != nil {
						t.Errorf("%s command %d: still failing: %v", game, i, err)
						return
					}
				}
			}
		})
	}
	wg.Wait()
	close(stop)
	kills := <-killerDone
	t.Logf("%d backends killed, %v failed attempts retried", kills, failures)
	// Read back through a fresh pool: a backend killed just as its append
	// committed leaves its FATAL message unread in a pooled connection of
	// s, and the next query there fails (ErrUnavailable, which a client
	// retries) without telling anything about what was recorded.
	check := openTest(t, url)
	for w := range writers {
		game := fmt.Sprint("g", w)
		cmds, err := check.Commands(ctx, game)
		if err != nil || len(cmds) != perWriter {
			t.Fatalf("%s: %d commands recorded (%v), want %d", game, len(cmds), err, perWriter)
		}
		evs, err := check.ReadStream(ctx, game, 0, 0)
		if err != nil || len(evs) != 1+2*perWriter {
			t.Fatalf("%s: %d events (%v), want %d", game, len(evs), err, 1+2*perWriter)
		}
		for i, e := range evs {
			if e.Seq != int64(i+1) {
				t.Fatalf("%s: event %d has seq %d", game, i, e.Seq)
			}
		}
	}
}
