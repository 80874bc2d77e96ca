package migrations

import (
	"context"
	"database/sql"
	"path/filepath"
	"strings"
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
	db, conn, ms := sqliteAt(t, 1, schema1Rows)
	if _, err := applySQLiteLocked(ctx, conn, ms[:2]); err != nil {
		t.Fatalf("upgrade to 2: %v", err)
	}
	conn.Close()
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
	conn, m := postgresAt(t, 1)
	if _, err := conn.Exec(ctx, `
		INSERT INTO games (id, rules, config, seed, seed_commitment, created_at, version) VALUES ('g', 'r', '', '', '', now(), 2);
		INSERT INTO commands (game_id, command_id, seat, data, first_seq, last_seq) VALUES
			('g', 'c1', 1, '\x01', 1, 1), ('g', 'chat:2:m1', 0, '\x02', 2, 2)`); err != nil {
		t.Fatal(err)
	}
	if err := m.MigrateTo(ctx, 2); err != nil {
		t.Fatalf("upgrade to 2: %v", err)
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

// schema2Rows are rows as schema 2 stored them: a game with two seats
// claimed, a command and a message recorded as the command
// "chat:<seat>:<id>". $at is a time in the dialect's form.
const schema2Rows = `
INSERT INTO games (id, rules, config, seed, seed_commitment, created_at, version) VALUES ('g', 'r', x'', x'', x'', $at, 2);
INSERT INTO seats (game_id, seat, token_hash, name, claimed_at) VALUES ('g', 0, x'00', 'a', $at), ('g', 2, x'02', 'b', $at);
INSERT INTO commands (game_id, command_id, seat, data, first_seq, last_seq, recorded_at) VALUES
	('g', 'c1', 1, x'01', 1, 1, $at), ('g', 'chat:2:m1', 2, x'02', 2, 2, $at);`

// readModelChecks are what the schema must hold after the upgrade: the
// claims counted, the summary left for the server (players 0), the
// message's command row gone and the seat's command kept, an empty talk
// stream.
func readModelChecks(t *testing.T, q func(query string, dest ...any) error) {
	t.Helper()
	var players, seats, talkVersion, commands, messages, going int
	if err := q(`SELECT players, seats_taken, talk_version, (SELECT count(*) FROM commands), (SELECT count(*) FROM talk),
		(SELECT count(*) FROM games WHERE finished_at IS NULL) FROM games WHERE id = 'g'`,
		&players, &seats, &talkVersion, &commands, &messages, &going); err != nil {
		t.Fatal(err)
	}
	if players != 0 || seats != 2 || talkVersion != 0 || commands != 1 || messages != 0 || going != 1 {
		t.Errorf("after the upgrade: players %d, seats taken %d, talk version %d, commands %d, messages %d, games going on %d; want 0, 2, 0, 1, 0, 1",
			players, seats, talkVersion, commands, messages, going)
	}
}

func TestSQLiteUpgradeReadModel(t *testing.T) {
	ctx := context.Background()
	db, conn, ms := sqliteAt(t, 2, strings.ReplaceAll(schema2Rows, "$at", "0"))
	conn.Close()
	if v, err := ApplySQLite(ctx, db); err != nil || v != len(ms) {
		t.Fatalf("upgrade: version %d, %v", v, err)
	}
	readModelChecks(t, func(q string, dest ...any) error { return db.QueryRowContext(ctx, q).Scan(dest...) })
}

func TestPostgresUpgradeReadModel(t *testing.T) {
	ctx := context.Background()
	conn, _ := postgresAt(t, 2)
	if _, err := conn.Exec(ctx, strings.NewReplacer("$at", "now()", "x'", `'\x`).Replace(schema2Rows)); err != nil {
		t.Fatal(err)
	}
	if _, err := conn.Exec(ctx, `INSERT INTO events (game_id, seq, data) VALUES ('g', 1, ''), ('g', 2, '')`); err != nil {
		t.Fatal(err)
	}
	if _, err := ApplyPostgres(ctx, conn); err != nil {
		t.Fatalf("upgrade: %v", err)
	}
	readModelChecks(t, func(q string, dest ...any) error { return conn.QueryRow(ctx, q).Scan(dest...) })
	var cols []string
	rows, err := conn.Query(ctx, `SELECT column_name FROM information_schema.columns WHERE table_name = 'events' ORDER BY column_name`)
	if err == nil {
		cols, err = pgx.CollectRows(rows, pgx.RowTo[string])
	}
	if err != nil || strings.Join(cols, ",") != "data,game_id,recorded_at,seq" {
		t.Errorf("events columns after the upgrade: %v, %v", cols, err)
	}
}

// sqliteAt returns a SQLite database at schema version with rows inserted,
// its one connection, and the migrations.
func sqliteAt(t *testing.T, version int, rows string) (*sql.DB, *sql.Conn, []migration) {
	t.Helper()
	ctx := context.Background()
	db, err := sql.Open("sqlite", "file:"+filepath.Join(t.TempDir(), "m.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	db.SetMaxOpenConns(1)
	ms, err := load(SQLite)
	if err != nil {
		t.Fatal(err)
	}
	conn, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := applySQLiteLocked(ctx, conn, ms[:version]); err != nil {
		t.Fatal(err)
	}
	if _, err := conn.ExecContext(ctx, rows); err != nil {
		t.Fatal(err)
	}
	return db, conn, ms
}

// postgresAt returns a connection to a new PostgreSQL database at schema
// version, and its migrator.
func postgresAt(t *testing.T, version int32) (*pgx.Conn, *migrate.Migrator) {
	t.Helper()
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, pgtest.New(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close(context.Background()) })
	m, err := migrate.NewMigrator(ctx, conn, PostgresVersionTable)
	if err != nil {
		t.Fatal(err)
	}
	if err := m.LoadMigrations(Postgres); err != nil {
		t.Fatal(err)
	}
	if err := m.MigrateTo(ctx, version); err != nil {
		t.Fatal(err)
	}
	return conn, m
}
