package pgstore

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/moonshine-games/moonshine/migrations"
	"github.com/moonshine-games/moonshine/service/eventstore"
	"github.com/moonshine-games/moonshine/service/eventstore/pgtest"
	"github.com/moonshine-games/moonshine/service/eventstore/storetest"
)

// The sharding path of docs/operations.md ("Past one primary") holds
// while every table is keyed by its game and no statement outside the
// lobby read model and the credential lookup spans games. These tests
// check both on the real schema and the store's real statements.

// shardPartitions is how many hash partitions each table gets.
const shardPartitions = 4

// shardKey is each table's distribution column: the game's id.
func shardKey(table string) string {
	if table == "games" {
		return "id"
	}
	return "game_id"
}

// notSharded are the constraints that a sharded schema cannot keep as
// they are, with the reason; docs/operations.md says what replaces them.
var notSharded = map[string]string{
	seatsTokenKey: "the credential lookup: a credential is unique across games",
}

// schemaTables lists the migrated schema's tables, but tern's version.
func schemaTables(t *testing.T, ctx context.Context, conn *pgx.Conn) []string {
	t.Helper()
	rows, err := conn.Query(ctx, `SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
		WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND c.relname <> $1 ORDER BY 1`,
		strings.TrimPrefix(migrations.PostgresVersionTable, "public."))
	if err != nil {
		t.Fatal(err)
	}
	tables, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	return tables
}

// TestShardKeys fails when a migration adds a table whose primary key
// lacks the game's id, or a unique constraint without it (but for those
// in notSharded): such a table cannot be distributed by game.
func TestShardKeys(t *testing.T) {
	ctx := t.Context()
	conn := migrated(t, ctx)
	for _, table := range schemaTables(t, ctx, conn) {
		rows, err := conn.Query(ctx, `SELECT con.conname, con.contype::text,
			bool_or(a.attname = $2) FROM pg_constraint con
			JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = ANY (con.conkey)
			WHERE con.conrelid = $1::regclass AND con.contype IN ('p', 'u') GROUP BY 1, 2`, table, shardKey(table))
		if err != nil {
			t.Fatal(err)
		}
		hasPK := false
		var name, kind string
		var keyed bool
		_, err = pgx.ForEachRow(rows, []any{&name, &kind, &keyed}, func() error {
			hasPK = hasPK || kind == "p"
			if !keyed && notSharded[name] == "" {
				t.Errorf("table %s: constraint %s does not include %s: the table cannot be distributed by game (docs/operations.md, Past one primary)",
					table, name, shardKey(table))
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if !hasPK {
			t.Errorf("table %s has no primary key (with %s in it)", table, shardKey(table))
		}
	}
}

// TestShardedStatements runs the conformance suite, then rebuilds each
// test's database with every table hash-partitioned by its game (its
// rows kept) and replays each statement the store sent, in a transaction
// that it rolls back, counting the partitions it read or wrote: a statement that touches more than one
// partition of a table spans games, which only the lobby read model and
// the credential lookup may (their statements say so).
func TestShardedStatements(t *testing.T) {
	storetest.Run(t, func(t *testing.T) eventstore.Store {
		ctx := t.Context()
		url := pgtest.New(t)
		conn, err := pgx.Connect(ctx, url)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { conn.Close(context.Background()) })
		rec := &recorder{seen: map[string][]any{}}
		cfg, err := pgxpool.ParseConfig(url)
		if err != nil {
			t.Fatal(err)
		}
		cfg.ConnConfig.Tracer = rec
		s, err := OpenConfig(ctx, cfg)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { // after the store closes
			partition(t, context.Background(), conn)
			rec.check(t, conn)
		})
		t.Cleanup(func() { _ = s.Close() })
		return s
	})
}

// migrated returns a connection to a new database with the migrations
// applied.
func migrated(t *testing.T, ctx context.Context) *pgx.Conn {
	t.Helper()
	conn, err := pgx.Connect(ctx, pgtest.New(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close(context.Background()) })
	if _, err := migrations.ApplyPostgres(ctx, conn); err != nil {
		t.Fatal(err)
	}
	return conn
}

// partition rebuilds every table of the schema as a table partitioned by
// hash of its game, with the same columns, rows, keys, indexes, triggers
// and foreign keys (a constraint in notSharded becomes a plain index).
func partition(t *testing.T, ctx context.Context, conn *pgx.Conn) {
	t.Helper()
	tables := schemaTables(t, ctx, conn)
	q := func(sql string, args ...any) []string {
		rows, err := conn.Query(ctx, sql, args...)
		if err != nil {
			t.Fatal(err)
		}
		out, err := pgx.CollectRows(rows, pgx.RowTo[string])
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	exec := func(sql string) {
		if _, err := conn.Exec(ctx, sql); err != nil {
			t.Fatalf("partition the schema: %s: %v", sql, err)
		}
	}
	var after []string // recreated once every table is partitioned
	for _, table := range tables {
		after = append(after, q(`SELECT format('ALTER TABLE %I ADD CONSTRAINT %I %s', conrelid::regclass::text, conname, pg_get_constraintdef(oid))
			FROM pg_constraint WHERE conrelid = $1::regclass AND contype = 'f'`, table)...)
	}
	for _, table := range tables {
		for _, fk := range q(`SELECT conname::text FROM pg_constraint WHERE conrelid = $1::regclass AND contype = 'f'`, table) {
			exec(fmt.Sprintf("ALTER TABLE %s DROP CONSTRAINT %s", table, fk))
		}
	}
	for _, table := range tables {
		keys := q(`SELECT CASE WHEN conname = ANY ($2) THEN format('CREATE INDEX %I ON %I %s', conname, $1::text, substr(pg_get_constraintdef(oid), 7))
			ELSE format('ALTER TABLE %I ADD CONSTRAINT %I %s', $1::text, conname, pg_get_constraintdef(oid)) END
			FROM pg_constraint WHERE conrelid = $1::regclass AND contype IN ('p', 'u')`, table, keysOf(notSharded))
		indexes := q(`SELECT pg_get_indexdef(i.indexrelid) FROM pg_index i
			WHERE i.indrelid = $1::regclass AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)`, table)
		triggers := q(`SELECT pg_get_triggerdef(oid) FROM pg_trigger WHERE tgrelid = $1::regclass AND NOT tgisinternal`, table)
		exec(fmt.Sprintf("ALTER TABLE %s RENAME TO %s_flat", table, table))
		exec(fmt.Sprintf("CREATE TABLE %s (LIKE %s_flat INCLUDING DEFAULTS INCLUDING CONSTRAINTS INCLUDING GENERATED INCLUDING IDENTITY) PARTITION BY HASH (%s)",
			table, table, shardKey(table)))
		for i := range shardPartitions {
			exec(fmt.Sprintf("CREATE TABLE %s_p%d PARTITION OF %s FOR VALUES WITH (MODULUS %d, REMAINDER %d)", table, i, table, shardPartitions, i))
		}
		exec(fmt.Sprintf("INSERT INTO %s SELECT * FROM %s_flat", table, table))
		exec(fmt.Sprintf("DROP TABLE %s_flat", table))
		for _, sql := range append(append(keys, indexes...), triggers...) {
			exec(sql)
		}
	}
	for _, sql := range after {
		exec(sql)
	}
}

func keysOf(m map[string]string) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

// recorder keeps each statement the store sends, with its first
// arguments.
type recorder struct {
	mu   sync.Mutex
	seen map[string][]any
}

// TraceQueryStart implements pgx.QueryTracer.
func (r *recorder) TraceQueryStart(ctx context.Context, _ *pgx.Conn, d pgx.TraceQueryStartData) context.Context {
	r.mu.Lock()
	if _, ok := r.seen[d.SQL]; !ok {
		r.seen[d.SQL] = d.Args
	}
	r.mu.Unlock()
	return ctx
}

// TraceQueryEnd implements pgx.QueryTracer.
func (r *recorder) TraceQueryEnd(context.Context, *pgx.Conn, pgx.TraceQueryEndData) {}

// check replays each statement and fails t for one that touched more
// than one partition of a table without saying that it spans games.
func (r *recorder) check(t *testing.T, conn *pgx.Conn) {
	ctx := context.Background()
	r.mu.Lock()
	defer r.mu.Unlock()
	for sql, args := range r.seen {
		if strings.HasPrefix(sql, acrossLobby) || strings.HasPrefix(sql, acrossCredential) || !strings.Contains(strings.ToLower(sql), " games") &&
			!strings.Contains(sql, "events") && !strings.Contains(sql, "commands") && !strings.Contains(sql, "seats") && !strings.Contains(sql, "talk") {
			continue
		}
		tx, err := conn.Begin(ctx)
		if err != nil {
			t.Fatal(err)
		}
		before := partitionCounts(t, tx)
		if _, err := tx.Exec(ctx, "SAVEPOINT s"); err != nil {
			t.Fatal(err)
		}
		if rows, err := tx.Query(ctx, sql, args...); err == nil {
			for rows.Next() {
			}
			rows.Close()
		}
		_, _ = tx.Exec(ctx, "ROLLBACK TO SAVEPOINT s")
		touched := map[string]int{}
		for part, n := range partitionCounts(t, tx) {
			if n != before[part] {
				touched[part[:strings.LastIndex(part, "_p")]]++
			}
		}
		for table, n := range touched {
			if n > 1 {
				t.Errorf("a statement reads or writes %d partitions of %s (it spans games, outside the lobby read model):\n%s", n, table, sql)
			}
		}
		_ = tx.Rollback(ctx)
	}
}

// partitionCounts reads each partition's scans and writes so far in
// tx's backend.
func partitionCounts(t *testing.T, tx pgx.Tx) map[string]int64 {
	t.Helper()
	rows, err := tx.Query(context.Background(), `SELECT relname::text, seq_scan + coalesce(idx_scan, 0) + n_tup_ins + n_tup_upd + n_tup_del
		FROM pg_stat_xact_user_tables WHERE relname ~ '_p[0-9]+$'`)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]int64{}
	var name string
	var n int64
	if _, err := pgx.ForEachRow(rows, []any{&name, &n}, func() error { out[name] = n; return nil }); err != nil {
		t.Fatal(err)
	}
	return out
}
