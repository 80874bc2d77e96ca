package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"

	"github.com/moonshine-games/moonshine/games"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/audit"
	"github.com/moonshine-games/moonshine/service/server"
	"google.golang.org/protobuf/encoding/protojson"
)

// recheckSettings are `moonshined recheck`'s: the store to read.
type recheckSettings struct {
	Store storeSettings
}

// recheckFlags are the choices of `moonshined recheck` beyond the store.
type recheckFlags struct {
	game     *string
	sample   *int
	parallel *int
	seed     *uint64
	json     *bool
	all      *bool
	migrate  *bool
}

// runRecheck re-runs the stored games (or a sample, or those named) under
// this binary's rules and reports each whose events would differ; it fails
// when any differs or cannot be re-run, so that a deploy pipeline stops
// before a rules change breaks stored games.
func runRecheck(ctx context.Context, args []string, getenv func(string) string, w stdio, _ func(listeners)) error {
	var s recheckSettings
	l := newLoader("moonshined recheck", "moonshined recheck [-game G] [-sample N [-sample-seed S]] [-parallel P] [-all] [-json] [-migrate] [flags] [GAME_ID...]", &s, w.err)
	f := recheckFlags{
		game:     l.fs.String("game", "", "recheck only the games of this rules id (e.g. booze-barons)"),
		sample:   l.fs.Int("sample", 0, "recheck this many of the chosen games, picked at random; 0: all of them"),
		parallel: l.fs.Int("parallel", 4, "games read and re-run at once"),
		seed:     l.fs.Uint64("sample-seed", 0, "the sample's seed, to recheck the same sample again; 0: a random one (printed)"),
		json:     l.fs.Bool("json", false, "print the report as protojson (moonshine.v1.RecheckReport)"),
		all:      l.fs.Bool("all", false, "list every game, those that re-run the same too"),
		migrate:  l.fs.Bool("migrate", false, "apply this binary's pending migrations to the store first (a copy of production, not production itself)"),
	}
	ids, err := l.load(args, getenv)
	if err != nil {
		return err
	}
	if *f.sample < 0 || *f.parallel < 1 {
		return fmt.Errorf("-sample %d, -parallel %d: the sample must not be negative, and at least one game is rechecked at a time", *f.sample, *f.parallel)
	}
	log := slog.New(slog.NewTextHandler(w.err, &slog.HandlerOptions{Level: slog.LevelWarn}))
	if err := recheckSchema(ctx, s.Store, *f.migrate); err != nil {
		return err
	}
	st, err := server.OpenStore(ctx, s.Store.config(), log)
	if err != nil {
		return err
	}
	defer st.Close()
	opts := audit.RecheckOptions{IDs: ids, Game: *f.game, Sample: *f.sample, SampleSeed: *f.seed, Parallel: *f.parallel}
	if opts.Sample > 0 && opts.SampleSeed == 0 {
		opts.SampleSeed = rand.Uint64() | 1
	}
	if opts.Sample > 0 && !*f.json {
		fmt.Fprintf(w.out, "a sample of %d games (-sample-seed %d)\n", opts.Sample, opts.SampleSeed)
	}
	if !*f.json {
		opts.Progress = func(g *moonshinev1.RecheckedGame) { // report as it goes
			if *f.all || g.GetResult() != moonshinev1.RecheckResult_RECHECK_RESULT_SAME {
				audit.WriteRechecked(w.out, g)
			}
		}
	}
	rep, err := audit.RecheckStore(ctx, games.Default(), st, opts)
	if err != nil {
		return err
	}
	return recheckVerdict(w.out, rep, *f.json)
}

// recheckSchema refuses a store whose schema is not this binary's, unless
// told to migrate it: opening a store migrates it, and a recheck must not
// change a production database ahead of its deploy.
func recheckSchema(ctx context.Context, s storeSettings, migrate bool) error {
	sc, err := server.SchemaStatus(ctx, s.config())
	if err != nil {
		return err
	}
	switch {
	case sc.Version == 0:
		return fmt.Errorf("the %s store holds no games (its schema was never created)", sc.Store)
	case sc.Version > sc.Latest():
		return fmt.Errorf("the %s store's schema is at version %d, newer than this binary's %d: recheck with the build that runs it, or a newer one", sc.Store, sc.Version, sc.Latest())
	case sc.Version < sc.Latest() && !migrate:
		return fmt.Errorf("the %s store's schema is at version %d and this binary's at %d: recheck a copy of the database with -migrate, or after `moonshined migrate`", sc.Store, sc.Version, sc.Latest())
	}
	return nil
}

// recheckVerdict prints the report (or its tally, after the games printed
// as they were rechecked) and fails unless every game re-ran the same.
func recheckVerdict(out io.Writer, rep *moonshinev1.RecheckReport, asJSON bool) error {
	if asJSON {
		b, err := protojson.MarshalOptions{Multiline: true, Indent: "  "}.Marshal(rep)
		if err != nil {
			return err
		}
		fmt.Fprintln(out, string(b))
	} else {
		audit.WriteTally(out, rep)
	}
	if !audit.Clean(rep) {
		return fmt.Errorf("recheck: %d of %d games would not re-run the same under this build's rules (%d differ, %d failed)",
			rep.GetDiffer()+rep.GetFailed(), len(rep.GetGames()), rep.GetDiffer(), rep.GetFailed())
	}
	return nil
}
