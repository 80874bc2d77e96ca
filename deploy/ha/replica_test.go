package ha

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/moonshine-games/moonshine/service/eventstore"
	"github.com/moonshine-games/moonshine/service/eventstore/pgstore"
	"github.com/moonshine-games/moonshine/service/eventstore/pgtest"
)

// counts is an eventstore.Meter that keeps the counters' functions.
type counts map[string]func() float64

func (c counts) GaugeFunc(name, _ string, f func() float64)   { c[name] = f }
func (c counts) CounterFunc(name, _ string, f func() float64) { c[name] = f }

// readReplica checks the reads a replica serves on the formation's
// standby: a read that names a version the replica holds is served by
// it; with the standby's replay paused, one that names a version it has
// not reached waits the bounded time and is served by the primary, with
// every event (read your writes); reads that name no version, and
// unmarked ones, go to the primary.
func readReplica(t *testing.T, h *pgtest.HA, primary, standby *pgtest.Node) {
	ctx := t.Context()
	pg, err := pgstore.Open(ctx, h.URL())
	if err != nil {
		t.Fatal(err)
	}
	replica, err := pgstore.OpenReplica(ctx, h.NodeURL(standby))
	if err != nil {
		t.Fatal(err)
	}
	const wait = 300 * time.Millisecond
	st := eventstore.WithReplica(pg, replica, wait)
	defer st.Close()
	c := counts{}
	st.(eventstore.Measured).Measure(c)
	served, passed := c["replica_reads_total"], c["replica_passed_total"]
	marked := eventstore.PreferReplica(ctx)

	id := fmt.Sprint("replica-", time.Now().UnixNano())
	if _, err := st.CreateGame(ctx, eventstore.GameRecord{ID: id, Rules: "r"}, [][]byte{[]byte("e1"), []byte("e2")}); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		if evs, err := replica.ReadStream(ctx, id, 0, 2); err == nil && len(evs) == 2 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the standby did not replay the game within 10 s")
		}
	}
	if evs, err := st.ReadStream(marked, id, 0, 2); err != nil || len(evs) != 2 || served() != 1 {
		t.Fatalf("a read of a version the replica holds: %d events, %v; replica served %v reads, want 1", len(evs), err, served())
	}
	if gs, err := st.ListGames(marked, eventstore.ListFilter{Rules: "r"}); err != nil || len(gs) == 0 || served() != 2 {
		t.Fatalf("the lobby's listing: %d games, %v; replica served %v reads, want 2", len(gs), err, served())
	}

	pause(t, h, standby, true)
	defer pause(t, h, standby, false)
	if _, err := st.Append(ctx, eventstore.AppendRequest{GameID: id, ExpectedVersion: 2, Events: [][]byte{[]byte("e3")}}); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	evs, err := st.ReadStream(marked, id, 0, 3)
	if took := time.Since(start); err != nil || len(evs) != 3 || passed() != 1 || took < wait {
		t.Fatalf("a read of a version the paused replica has not reached: %d events, %v after %s; primary served %v, want all 3 from the primary after %s",
			len(evs), err, took, passed(), wait)
	}
	if evs, err := st.ReadStream(marked, id, 0, 0); err != nil || len(evs) != 3 || served() != 2 || passed() != 1 {
		t.Fatalf("a read to the end (no version named): %d events, %v; replica served %v, passed on %v: want the primary's 3 without asking the replica",
			len(evs), err, served(), passed())
	}
	if evs, err := st.ReadStream(ctx, id, 0, 3); err != nil || len(evs) != 3 || served() != 2 || passed() != 1 {
		t.Fatalf("an unmarked read: %d events, %v; want the primary's 3 without asking the replica", len(evs), err)
	}
}

// pause pauses or resumes the standby's WAL replay.
func pause(t *testing.T, h *pgtest.HA, n *pgtest.Node, on bool) {
	t.Helper()
	conn, err := pgx.Connect(context.Background(), h.NodeURL(n))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	sql := "SELECT pg_wal_replay_resume()"
	if on {
		sql = "SELECT pg_wal_replay_pause()"
	}
	if _, err := conn.Exec(context.Background(), sql); err != nil {
		t.Fatal(err)
	}
}
