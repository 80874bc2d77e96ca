package main

import (
	"context"
	"runtime"
	"time"

	"google.golang.org/protobuf/proto"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/service/telemetry"
)

// record is one game as the report counts it.
type record struct {
	seat int // the tested seat
	won  bool
	// unfinished is a game cut at -max-commands: nobody won it, and its
	// length is where it was cut.
	unfinished bool
	rounds     int    // the game's length
	unit       string // and its unit (rounds, Days)
	commands   int
	// decisions are the bots' decisions with a choice (more than one
	// legal command), by policy name.
	decisions map[string][]decision
}

// decision is what one bot decision took.
type decision struct {
	cpu, wall time.Duration
}

// meter is a bot that measures another: the CPU time of the thread that
// runs its Choose (the goroutine is locked to its thread meanwhile, and a
// bot starts no goroutine), and the wall time.
// A meter whose ctx is done fails its next decision, which stops its game.
type meter struct {
	ctx    context.Context
	bot    engine.Bot
	policy string
	rec    *record
}

func (m *meter) Choose(k engine.Knowledge, r *engine.Rand) (proto.Message, error) {
	if err := m.ctx.Err(); err != nil {
		return nil, err
	}
	if len(k.Prompt.Legal) == 1 {
		return m.bot.Choose(k, r)
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	start, cpu0 := time.Now(), telemetry.ThreadCPU()
	cmd, err := m.bot.Choose(k, r)
	d := decision{cpu: telemetry.ThreadCPU() - cpu0, wall: time.Since(start)}
	if m.rec.decisions == nil {
		m.rec.decisions = map[string][]decision{}
	}
	m.rec.decisions[m.policy] = append(m.rec.decisions[m.policy], d)
	return cmd, err
}
