package main

import (
	"context"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/moonshine-games/moonshine/service/eventstore/pgtest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// The floor's figures count what happened: every command submitted was
// inserted once and reached every seat of its game, its seats took
// turns, and each commit mode took the transactions it says.
func TestFloorDeliversEveryCommandToEverySeat(t *testing.T) {
	for _, group := range []bool{false, true} {
		t.Run(map[bool]string{false: "per command", true: "grouped"}[group], func(t *testing.T) {
			url := pgtest.New(t)
			ctx := context.Background()
			const games, seats = 3, 4
			pool, err := openInsertPool(ctx, url, games)
			if err != nil {
				t.Fatal(err)
			}
			defer pool.Close()
			fr, err := runFloor(ctx, pool, games, seats, 300*time.Millisecond, group)
			if err != nil {
				t.Fatal(err)
			}
			if fr.Ops < games {
				t.Fatalf("%d commands in 300 ms over %d games", fr.Ops, games)
			}
			if fr.Delivered != int64(fr.Ops*seats) || fr.Submit.Calls != fr.Ops {
				t.Errorf("%d commands, %d submits, %d deliveries; want %d deliveries", fr.Ops, fr.Submit.Calls, fr.Delivered, fr.Ops*seats)
			}
			// Per command: one transaction each. Grouped: at most one
			// per command, and at least one per game's command at a time.
			if !group && fr.Transactions != int64(fr.Ops) {
				t.Errorf("per command: %d transactions for %d commands", fr.Transactions, fr.Ops)
			}
			if group && (fr.Transactions > int64(fr.Ops) || fr.Transactions*games < int64(fr.Ops)) {
				t.Errorf("grouped: %d transactions for %d commands of %d games", fr.Transactions, fr.Ops, games)
			}
			conn, err := pgx.Connect(ctx, url)
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close(ctx)
			var rows, finals int
			if err := conn.QueryRow(ctx, `SELECT count(*), count(*) FILTER (WHERE get_byte(data, 8) = 1) FROM `+baselineTable).Scan(&rows, &finals); err != nil {
				t.Fatal(err)
			}
			if rows != fr.Ops || finals != games {
				t.Errorf("%d rows inserted, %d of them a game's last; want %d and %d", rows, finals, fr.Ops, games)
			}
		})
	}
}
