package gameservice_test

import (
	"context"
	"fmt"
	"testing"

	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
)

// TestTwoServersCarryEvents runs two servers on one PostgreSQL database,
// each with a store of its own, and watches a game on one while the other
// seats its players, one leaves and comes back, and they play it. The
// notifications of the table change and of the commands carry their
// events, which the watching server folds and sends its watcher without
// a read of the log; the watcher gets every event once, in order. (The
// changes told without events, which make it read, are TestCarriedEvents'.)
func TestTwoServersCarryEvents(t *testing.T) {
	open := pgStores(t)
	a := newEnv(t, open(), nil)
	counted := &readCounter{Store: open()}
	b := newEnv(t, counted, nil)
	id := a.create(2).GetGameId()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	stream, err := b.client.WatchGame(ctx, &moonshinev1.WatchGameRequest{GameId: id})
	if err != nil {
		t.Fatal(err)
	}
	var seq int64
	upTo := func(version int64) {
		t.Helper()
		for seq < version {
			msg, err := stream.Recv()
			if err != nil {
				t.Fatalf("recv after event %d: %v", seq, err)
			}
			ev := msg.GetEvent()
			if ev == nil {
				continue
			}
			if ev.GetSeq() != seq+1 {
				t.Fatalf("event %d after %d", ev.GetSeq(), seq)
			}
			seq = ev.GetSeq()
		}
	}
	version := func() int64 {
		g, err := a.store.GetGame(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		return g.Version
	}
	upTo(version())
	counted.reads()
	tok := []string{a.join(id, 0), a.join(id, 1)}
	if _, err := a.client.LeaveSeat(as(tok[1]), &moonshinev1.LeaveSeatRequest{GameId: id}); err != nil {
		t.Fatal(err)
	}
	upTo(version())
	tok[1] = a.join(id, 1)
	for i := range toyMoves {
		a.mustSubmit(tok[i%2], id, fmt.Sprint("m", i), cmdPass())
		upTo(version())
	}
	if _, n := counted.reads(); n != 0 {
		t.Errorf("%d event reads to watch a seat left and %d commands on the other server, want none", n, toyMoves)
	}
	for {
		msg, err := stream.Recv()
		if err != nil {
			break // the game is over, and so is its watch
		}
		if ev := msg.GetEvent(); ev != nil {
			t.Errorf("event %d after the game's last, %d", ev.GetSeq(), seq)
		}
	}
}
