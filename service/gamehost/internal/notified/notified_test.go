package notified

import (
	"slices"
	"testing"

	"github.com/moonshine-games/moonshine/service/eventstore"
)

// change is a change to version carrying the events from first on (none
// for first 0).
func change(first, version int64) eventstore.Change {
	c := eventstore.Change{GameID: "g", Version: version}
	for seq := first; first > 0 && seq <= version; seq++ {
		c.Events = append(c.Events, eventstore.Event{GameID: "g", Seq: seq})
	}
	return c
}

func seqs(evs []eventstore.Event) []int64 {
	var out []int64
	for _, ev := range evs {
		out = append(out, ev.Seq)
	}
	return out
}

// The events notified are folded only when they lead from the game's
// version to the last one told; a gap, a change without events, one of
// unknown extent or too many events held leave the catch-up to the read.
func TestNotifiedEvents(t *testing.T) {
	many := change(6, 5+maxNotified+1)
	for _, tc := range []struct {
		name    string
		told    []eventstore.Change
		forget  bool
		version int64
		want    []int64 // nil: read the log
		ok      bool
	}{
		{"one change", []eventstore.Change{change(6, 7)}, false, 5, []int64{6, 7}, true},
		{"changes that follow on", []eventstore.Change{change(6, 7), change(8, 8), change(9, 11)}, false, 5, []int64{6, 7, 8, 9, 10, 11}, true},
		{"overlapping changes", []eventstore.Change{change(6, 8), change(7, 9)}, false, 5, []int64{6, 7, 8, 9}, true},
		{"a change told twice", []eventstore.Change{change(6, 8), change(6, 8)}, false, 5, []int64{6, 7, 8}, true},
		{"an older change after a newer", []eventstore.Change{change(6, 8), change(6, 7)}, false, 5, []int64{6, 7, 8}, true},
		{"the game has some already", []eventstore.Change{change(4, 7)}, false, 5, []int64{6, 7}, true},
		{"the game has them all", []eventstore.Change{change(4, 7)}, false, 7, nil, true},
		{"a gap before them", []eventstore.Change{change(7, 8)}, false, 5, nil, false},
		{"a gap between them", []eventstore.Change{change(6, 7), change(9, 9)}, false, 5, nil, false},
		{"a change without events last", []eventstore.Change{change(6, 7), change(0, 9)}, false, 5, nil, false},
		{"a change without events first", []eventstore.Change{change(0, 7), change(8, 9)}, false, 5, nil, false},
		{"a change of unknown extent", []eventstore.Change{change(6, 7)}, true, 5, nil, false},
		{"too many held", []eventstore.Change{many}, false, 5, nil, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var c Events
			for _, ch := range tc.told {
				c.Tell(ch)
			}
			if tc.forget {
				c.Forget()
			}
			evs, ok := c.Take(tc.version)
			if ok != tc.ok || !slices.Equal(seqs(evs), tc.want) {
				t.Errorf("take(%d) = %v, %v; want %v, %v", tc.version, seqs(evs), ok, tc.want, tc.ok)
			}
			if evs, ok := c.Take(tc.version); len(evs) != 0 || ok != (c.told <= tc.version) {
				t.Errorf("take again = %v, %v: what was held was not given up", seqs(evs), ok)
			}
		})
	}
}
