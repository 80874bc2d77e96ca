package audit_test

import (
	"crypto/sha256"
	"testing"

	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/audit"
	"github.com/moonshine-games/moonshine/service/eventstore/pgstore"
	"github.com/moonshine-games/moonshine/service/eventstore/pgtest"
	"google.golang.org/protobuf/proto"
)

// cutShort returns h without its last command and the events from that
// command's first on, its version set to match and its status kept: a
// finished game's history cut short as a forger would, so that every
// event it keeps still re-runs.
func cutShort(h *moonshinev1.GetHistoryResponse) *moonshinev1.GetHistoryResponse {
	h = proto.Clone(h).(*moonshinev1.GetHistoryResponse)
	last := h.Commands[len(h.Commands)-1]
	h.Commands = h.Commands[:len(h.Commands)-1]
	h.Events = h.Events[:last.GetFirstSeq()-1]
	h.Game.Version = last.GetFirstSeq() - 1
	return h
}

// TestPostgresVerifyChecksWhatAHistoryClaims plays each hosted game to
// its end with bots on a real server on PostgreSQL and checks, offline,
// that its history verifies, and that a history that claims more than its
// events give does not: cut short but still OVER, a seed or a commitment
// that do not match, a forged label on a command or an event. A history
// whose labels are left empty claims nothing of them, and verifies.
func TestPostgresVerifyChecksWhatAHistoryClaims(t *testing.T) {
	pg, err := pgstore.Open(t.Context(), pgtest.New(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { pg.Close() })
	s := serve(t, pg, nil)
	for _, tc := range []struct {
		game    string
		players int32
	}{{"booze-barons", 3}, {"moonshine-kingdom", 2}, {"bootleggers", 3}} {
		t.Run(tc.game, func(t *testing.T) {
			_, h := s.botGame(tc.game, tc.players, 0)
			if h.GetGame().GetStatus() != moonshinev1.GameStatus_GAME_STATUS_OVER {
				t.Fatalf("the bots' game is %s", h.GetGame().GetStatus())
			}
			if err := audit.Verify(h); err != nil {
				t.Fatalf("the finished game's history: %v", err)
			}
			type forged struct {
				h    *moonshinev1.GetHistoryResponse
				kind audit.Kind
			}
			tampered := map[string]forged{"cut short, still OVER": {cutShort(h), audit.Mismatch}}
			edit := func(name string, kind audit.Kind, change func(*moonshinev1.GetHistoryResponse)) {
				c := proto.Clone(h).(*moonshinev1.GetHistoryResponse)
				change(c)
				tampered[name] = forged{c, kind}
			}
			edit("another seed", audit.BadSeed, func(c *moonshinev1.GetHistoryResponse) { c.Game.Seed = append(c.Game.Seed, 0) })
			edit("another commitment", audit.BadSeed, func(c *moonshinev1.GetHistoryResponse) {
				sum := sha256.Sum256([]byte("another seed"))
				c.Game.SeedCommitment = sum[:]
			})
			edit("a forged command label", audit.Mislabelled, func(c *moonshinev1.GetHistoryResponse) {
				c.Commands[len(c.Commands)/2].Label = "seat 1 wins the game"
			})
			edit("a forged event label", audit.Mislabelled, func(c *moonshinev1.GetHistoryResponse) {
				c.Events[len(c.Events)-1].Public.Label = "seat 1 wins the game"
			})
			for name, tc := range tampered {
				err := audit.Verify(tc.h)
				if e, ok := audit.AsError(err); !ok || e.Kind != tc.kind {
					t.Errorf("%s: %v, want a failure of kind %s", name, err, tc.kind)
				}
			}
			blank := proto.Clone(h).(*moonshinev1.GetHistoryResponse)
			for _, c := range blank.Commands {
				c.Label = ""
			}
			for _, ev := range blank.Events {
				if ev.Public != nil {
					ev.Public.Label = ""
				}
			}
			if err := audit.Verify(blank); err != nil {
				t.Errorf("a history with its labels left empty: %v", err)
			}
		})
	}
}
