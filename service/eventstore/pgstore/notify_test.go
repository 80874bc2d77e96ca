package pgstore

import (
	"testing"
	"time"

	"github.com/moonshine-games/moonshine/service/eventstore"
)

// The notifier queues one payload per append of a game, each carrying its
// events and their time, so that two appends of one game made while a
// NOTIFY was in flight both reach the other processes with their events;
// talk merges into the last change; past maxPayloads appends the game goes
// out as one change of the highest versions without events.
func TestNotifierQueuesEachAppend(t *testing.T) {
	t0 := time.UnixMicro(1_700_000_000_000_000).UTC()
	appended := func(version int64, n int, at time.Duration) eventstore.Change {
		data := make([][]byte, n)
		for i := range data {
			data[i] = []byte{byte(version), byte(i)}
		}
		return carrying(eventstore.Change{GameID: "g", Version: version}, data, t0.Add(at))
	}
	talk := eventstore.Change{GameID: "g", TalkVersion: 7}
	claim := eventstore.Change{GameID: "g", Seats: true}
	type want struct {
		version, talk int64
		events        int  // the events the payload carries, as parsed
		seats         bool // a seat was claimed
	}
	tests := []struct {
		name    string
		changes []eventstore.Change
		want    []want
	}{
		{"one append", []eventstore.Change{appended(3, 2, 0)}, []want{{3, 0, 2, false}}},
		{"a claim between an append and talk", []eventstore.Change{appended(3, 2, 0), claim, talk},
			[]want{{3, 0, 2, false}, {0, 0, 0, true}, {0, 7, 0, false}}},
		{"two appends of two times", []eventstore.Change{appended(3, 2, 0), appended(4, 1, time.Millisecond)},
			[]want{{3, 0, 2, false}, {4, 0, 1, false}}},
		{"talk after an append", []eventstore.Change{appended(3, 2, 0), talk}, []want{{3, 7, 2, false}}},
		{"an append after talk", []eventstore.Change{talk, appended(3, 2, 0)}, []want{{3, 7, 2, false}}},
		{"a gap", []eventstore.Change{appended(3, 1, 0), appended(6, 1, time.Millisecond)},
			[]want{{3, 0, 1, false}, {6, 0, 1, false}}},
		{"more appends than payloads", func() []eventstore.Change {
			var cs []eventstore.Change
			for v := int64(2); v < 2+maxPayloads+1; v++ {
				cs = append(cs, appended(v, 1, time.Duration(v)*time.Millisecond))
			}
			return cs
		}(), []want{{1 + maxPayloads + 1, 0, 0, false}}},
		// Past maxPayloads a claim merges into a change of unknown extent,
		// which says that the seats may have moved too.
		{"a claim among more appends than payloads", func() []eventstore.Change {
			cs := []eventstore.Change{claim}
			for v := int64(2); v < 2+maxPayloads; v++ {
				cs = append(cs, appended(v, 1, time.Duration(v)*time.Millisecond))
			}
			return cs
		}(), []want{{0, 0, 0, false}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			n := &notifier{instance: "i", pending: make(map[string][]eventstore.Change)}
			for _, c := range tt.changes {
				n.add(c)
			}
			payloads, _ := n.take()
			var got []want
			for _, p := range payloads {
				from, c, ok := parsePayload(p)
				if !ok || from != "i" {
					t.Fatalf("payload %q does not parse as from i", p)
				}
				got = append(got, want{c.Version, c.TalkVersion, len(c.Events), c.Seats})
				for i, ev := range c.Events {
					if ev.Seq != c.Version-int64(len(c.Events))+1+int64(i) || ev.Data[0] != byte(c.Version) {
						t.Errorf("payload %q: event %d is %+v", p, i, ev)
					}
				}
			}
			if len(got) != len(tt.want) {
				t.Fatalf("payloads %v, want %v", got, tt.want)
			}
			for i := range got {
				if got[i] != tt.want[i] {
					t.Errorf("payload %d: %+v, want %+v", i, got[i], tt.want[i])
				}
			}
		})
	}
}
