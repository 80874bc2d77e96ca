package main

import (
	"context"
	"runtime"
	"time"

	"google.golang.org/protobuf/proto"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/search"
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
	// searches count the searching bots' decisions by policy and prompt
	// reason (-search-stats).
	searches map[searchKey]*searchStat
}

// searchKey is a policy and a prompt reason.
type searchKey struct{ policy, reason string }

// searchStat counts a searching bot's decisions of one kind: how many,
// how many it searched (the others had one candidate), the candidates
// it compared, and how often it kept the first (its default policy's own
// choice).
type searchStat struct {
	decisions, searched, candidates, first int
}

func (s *searchStat) add(o searchStat) {
	s.decisions += o.decisions
	s.searched += o.searched
	s.candidates += o.candidates
	s.first += o.first
}

// runner is a searching bot: search.Bot's Run.
type runner interface {
	Run(engine.Knowledge, *engine.Rand) (search.Result, error)
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
	// stats counts a searching bot's decisions (-search-stats).
	stats bool
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
	var cmd proto.Message
	var err error
	if s, ok := m.bot.(runner); ok && m.stats {
		var res search.Result
		res, err = s.Run(k, r)
		cmd = res.Command
		m.count(k.Prompt.Reason, res)
	} else {
		cmd, err = m.bot.Choose(k, r)
	}
	d := decision{cpu: telemetry.ThreadCPU() - cpu0, wall: time.Since(start)}
	if m.rec.decisions == nil {
		m.rec.decisions = map[string][]decision{}
	}
	m.rec.decisions[m.policy] = append(m.rec.decisions[m.policy], d)
	return cmd, err
}

// count adds a search's decision to the record's counts.
func (m *meter) count(reason string, res search.Result) {
	if m.rec.searches == nil {
		m.rec.searches = map[searchKey]*searchStat{}
	}
	key := searchKey{m.policy, reason}
	st := m.rec.searches[key]
	if st == nil {
		st = &searchStat{}
		m.rec.searches[key] = st
	}
	st.decisions++
	if res.Iterations == 0 || len(res.Candidates) == 0 {
		st.first++
		return
	}
	st.searched++
	st.candidates += len(res.Candidates)
	if proto.Equal(res.Command, res.Candidates[0].Command) {
		st.first++
	}
}
