package bootleggers_test

import (
	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/bootleggers"
	"github.com/moonshine-games/moonshine/engine/playtest"
	"google.golang.org/protobuf/proto"
)

// policyGame returns a playtest configuration whose seats play with the
// given policies, each from its own seat's view and prompt (an answer to
// a trade first, as a client would), checked after every event by a
// Watcher (ledger, conservation, redaction) and the harness's own checks.
func policyGame(players int, opts proto.Message, seed []byte, policies []engine.Policy) (playtest.Config, *bootleggers.Watcher) {
	w := bootleggers.NewWatcher()
	var cur engine.State
	cfg := playtest.Config{
		Rules: bootleggers.SetupAnyRules{}, Table: engine.Config{Players: players, Options: opts}, Seed: seed, MaxSteps: 4000,
		Invariant: func(st engine.State, log []engine.Recorded) error { cur = st; return w.Check(st, log) },
	}
	cfg.Choose = func(r *engine.Rand, live []engine.Prompt) (engine.Seat, proto.Message) {
		var must []engine.Prompt
		for _, q := range live {
			if q.MustAct {
				must = append(must, q)
				continue
			}
			// Nobody must answer it: the policy may let it pass.
			if c := policies[int(q.Seat)%len(policies)].Choose(cur.View(engine.SeatViewer(q.Seat)), q, r); c != nil {
				return q.Seat, c
			}
		}
		if len(must) == 0 {
			must = live
		}
		p := must[r.IntN(len(must))]
		c := policies[int(p.Seat)%len(policies)].Choose(cur.View(engine.SeatViewer(p.Seat)), p, r)
		if c == nil {
			c = p.Legal[r.IntN(len(p.Legal))]
		}
		return p.Seat, c
	}
	return cfg, w
}

var playtestPlay = playtest.Play
