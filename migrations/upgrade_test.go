package migrations

import (
	"context"
	"database/sql"
	"path/filepath"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/tern/v2/migrate"

	"github.com/moonshine-games/moonshine/service/eventstore/pgtest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// schema1Rows are rows as schema 1 stored them: a seat's command, and a
// chat message recorded under "chat:<seat>:<id>" with seat 0.
const schema1Rows = `
INSERT INTO games (id, rules, config, seed, seed_commitment, created_at, version) VALUES ('g', 'r', x'', x'', x'', 0, 2);
INSERT INTO commands (game_id, command_id, seat, data, first_seq, last_seq, recorded_at) VALUES
	('g', 'c1', 1, x'01', 1, 1, 0),
	('g', 'chat:2:m1', 0, x'02', 2, 2, 0);`

// perSeatChecks are what schema 2 must allow and hold after the upgrade:
// another seat may record c1, one seat may still not record an id twice,
// and the chat row carries its sender's seat. record inserts a command row
// of game g.
func perSeatChecks(t *testing.T, record func(seat int, id string) error, seatOf func(id string) (int, error)) {
	t.Helper()
	if err := record(0, "c1"); err != nil {
		t.Fatalf("seat 0 recording seat 1's id after the upgrade: %v", err)
	}
	if err := record(1, "c1"); err == nil {
		t.Fatal("seat 1 recorded c1 twice")
	}
	if seat, err := seatOf("chat:2:m1"); err != nil || seat != 2 {
		t.Errorf("the chat row has seat %d (%v), want its sender's 2", seat, err)
	}
}

func TestSQLiteUpgradeCommandsPerSeat(t *testing.T) {
	ctx := context.Background()
	db, err := sql.Open("sqlite", "file:"+filepath.Join(t.TempDir(), "m.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	ms, err := load(SQLite)
	if err != nil {
		t.Fatal(err)
	}
	conn, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := applySQLiteLocked(ctx, conn, ms[:1]); err != nil {
		t.Fatal(err)
	}
	if _, err := conn.ExecContext(ctx, schema1Rows); err != nil {
		t.Fatal(err)
	}
	conn.Close()
	if v, err := ApplySQLite(ctx, db); err != nil || v < 2 {
		t.Fatalf("upgrade: version %d, %v", v, err)
	}
	perSeatChecks(t, func(seat int, id string) error {
		_, err := db.ExecContext(ctx, `INSERT INTO commands (game_id, command_id, seat, data, first_seq, last_seq, recorded_at)
			VALUES ('g', ?, ?, x'', 3, 3, 0)`, id, seat)
		return err
	}, func(id string) (int, error) {
		var seat int
		err := db.QueryRowContext(ctx, `SELECT seat FROM commands WHERE command_id = ?`, id).Scan(&seat)
		return seat, err
	})
}

func TestPostgresUpgradeCommandsPerSeat(t *testing.T) {
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, pgtest.New(t))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	m, err := migrate.NewMigrator(ctx, conn, PostgresVersionTable)
	if err != nil {
		t.Fatal(err)
	}
	if err := m.LoadMigrations(Postgres); err != nil {
		t.Fatal(err)
	}
	if err := m.MigrateTo(ctx, 1); err != nil {
		t.Fatal(err)
	}
	if _, err := conn.Exec(ctx, `
		INSERT INTO games (id, rules, config, seed, seed_commitment, created_at, version) VALUES ('g', 'r', '', '', '', now(), 2);
		INSERT INTO commands (game_id, command_id, seat, data, first_seq, last_seq) VALUES
			('g', 'c1', 1, '\x01', 1, 1), ('g', 'chat:2:m1', 0, '\x02', 2, 2)`); err != nil {
		t.Fatal(err)
	}
	if v, err := ApplyPostgres(ctx, conn); err != nil || v < 2 {
		t.Fatalf("upgrade: version %d, %v", v, err)
	}
	perSeatChecks(t, func(seat int, id string) error {
		_, err := conn.Exec(ctx, `INSERT INTO commands (game_id, command_id, seat, data, first_seq, last_seq)
			VALUES ('g', $1, $2, '', 3, 3)`, id, seat)
		return err
	}, func(id string) (int, error) {
		var seat int
		err := conn.QueryRow(ctx, `SELECT seat FROM commands WHERE command_id = $1`, id).Scan(&seat)
		return seat, err
	})
}
