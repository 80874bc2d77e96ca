package main

import (
	"context"
	"fmt"
	"time"
)

// profileTime is how long the first round's CPU profile runs: rounds of
// the default size last longer.
const profileTime = 10 * time.Second

// playRounds runs o.rounds rounds of baseline, games, baseline.
func playRounds(ctx context.Context, f *fleet, o options, rep *report) error {
	kinds, err := hostedGames(ctx, f.client(0), o)
	if err != nil {
		return err
	}
	bl, err := openBaseline(ctx, o)
	if err != nil {
		return err
	}
	defer bl.close()
	floor := func() error {
		if o.withFloor <= 0 || bl == nil {
			return nil
		}
		fr, err := runFloor(ctx, bl.pool, o.concurrency, o.players, o.withFloor, true)
		if err == nil {
			rep.Floor = append(rep.Floor, fr)
		}
		return err
	}
	if err := floor(); err != nil {
		return err
	}
	for r := range o.rounds {
		rd, err := playRound(ctx, f, o, kinds, bl, r)
		if err != nil {
			return err
		}
		rep.Rounds = append(rep.Rounds, rd)
	}
	if err := floor(); err != nil {
		return err
	}
	if len(rep.Floor) > 0 {
		var floorRate, serviceRate float64
		for _, fr := range rep.Floor {
			floorRate += fr.PerSec / float64(len(rep.Floor))
		}
		for _, rd := range rep.Rounds {
			serviceRate += rd.CommandsPerSec / float64(len(rep.Rounds))
		}
		rep.FloorRatio = serviceRate / floorRate
	}
	rep.MachineEnd = machine()
	return nil
}

func playRound(ctx context.Context, f *fleet, o options, kinds []gameKind, bl *baseline, r int) (*round, error) {
	rd := &round{}
	var err error
	if rd.Before, err = bl.run(ctx, o.concurrency, o.baseline); err != nil {
		return nil, err
	}
	before, err := f.scrapeAll(ctx, false)
	if err != nil {
		return nil, err
	}
	var prof *profiler
	var client *clientProfile
	if r == 0 {
		if prof, err = startProfile(ctx, o.profile, f.instances[0], profileTime); err != nil {
			return nil, err
		}
		if client, err = startClientProfile(o.profile); err != nil {
			return nil, err
		}
	}
	mark := markCPU()
	t, elapsed, err := playGames(ctx, f, o, kinds, r)
	used := mark.since()
	if err := client.stop(); err != nil {
		return nil, fmt.Errorf("profile: %w", err)
	}
	if err != nil {
		return nil, err
	}
	after, err := f.scrapeAll(ctx, false)
	if err != nil {
		return nil, err
	}
	live, err := f.scrapeAll(ctx, true)
	if err != nil {
		return nil, err
	}
	if err := prof.finish(ctx); err != nil {
		return nil, fmt.Errorf("profile: %w", err)
	}
	if rd.After, err = bl.run(ctx, o.concurrency, o.baseline); err != nil {
		return nil, err
	}
	rd.Games, rd.Unfinished = t.games, int(t.unfinished.Load())
	rd.Commands, rd.Events, rd.Seconds = int(t.commands.Load()), t.events.Load(), elapsed.Seconds()
	rd.CommandsPerSec = float64(rd.Commands) / rd.Seconds
	if b := rd.baselineRate(); b > 0 {
		rd.Ratio = rd.CommandsPerSec / b
	}
	rd.RPC = t.lat.summary()
	for i := range f.instances {
		u := between(before[i], after[i])
		if live[i] != nil {
			u.HeapMiB, u.RSSMiB = live[i][heapAlloc]/(1<<20), live[i][rss]/(1<<20)
		}
		rd.Servers = append(rd.Servers, u)
		n := t.perServer[i].Load()
		per := map[string]string{"commands": fmt.Sprintf("%d (%.0f/s)", n, float64(n)/rd.Seconds)}
		if u.measuredFrom && n > 0 {
			per["cpu_us_per_command"] = fmt.Sprintf("%.0f", u.CPUSeconds/float64(n)*1e6)
		}
		rd.ByServer = append(rd.ByServer, per)
	}
	rd.perCommand()
	if rd.Commands > 0 {
		if rd.PerCommand == nil {
			rd.PerCommand = map[string]float64{}
		}
		n := float64(rd.Commands)
		rd.PerCommand["client_cpu_us"] = float64(used.self.Microseconds()) / n
		if used.database > 0 {
			rd.PerCommand["database_cpu_us"] = float64(used.database.Microseconds()) / n
		}
		if used.machine > 0 {
			rd.PerCommand["machine_cpu_us"] = float64(used.machine.Microseconds()) / n
		}
	}
	return rd, nil
}
