package kingdom

import (
	"testing"

	"google.golang.org/protobuf/proto"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/kingdom/strategy"
	"github.com/moonshine-games/moonshine/engine/playtest"
	"github.com/moonshine-games/moonshine/engine/search"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
)

// checked is the easy bot, after checking the sampler's contract on the
// knowledge of every every-th decision it makes.
type checked struct {
	t           *testing.T
	n, sampled  *int
	every, upTo int
}

func (c checked) Choose(k engine.Knowledge, r *engine.Rand) (proto.Message, error) {
	*c.n++
	if *c.n%c.every == 0 && *c.n <= c.upTo {
		*c.sampled++
		if err := search.CheckSampler(Rules{}, SearchGame{}, k, engine.NewRand([32]byte{byte(*c.n)}), 2); err != nil {
			c.t.Fatalf("decision %d of %v: %v", *c.n, k.Seat, err)
		}
	}
	return engine.PolicyBot(strategy.Policy{}).Choose(k, r)
}

// Every world dealt for a seat, at decisions spread over seeded games of
// every size and of the Blood Oath, shows the seat exactly its history,
// its view and its prompt: the sampler deals the others' Contract hands
// consistent with every card the seat has seen drawn, staked, discarded
// and reshuffled.
func TestSamplerKeepsToTheHistory(t *testing.T) {
	tables := []engine.Config{{Players: 2}, {Players: 3}, {Players: 4}, {Players: 4, Options: &pb.Options{BloodOath: true}}}
	for i, cfg := range tables {
		n, sampled := 0, 0
		bots := make([]engine.Bot, cfg.Players)
		for s := range bots {
			bots[s] = checked{t: t, n: &n, sampled: &sampled, every: 7, upTo: 1500}
		}
		tb := playtest.Table{Rules: Rules{}, Table: cfg, Seed: seedOf(uint64(900 + i)), Bots: bots, MaxSteps: 1500}
		if _, err := tb.Play(); err != nil {
			t.Logf("table %d: %v", i, err)
		}
		if sampled < 10 {
			t.Fatalf("table %d: only %d decisions checked", i, sampled)
		}
	}
}
