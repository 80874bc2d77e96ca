package audit_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/moonshine-games/moonshine/engine/bootleggers"
	"github.com/moonshine-games/moonshine/engine/boozebarons"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/audit"
	"google.golang.org/protobuf/proto"
)

// TestDisclosureMatchesEachStream plays games through the service with its
// bots, then checks, for every seat and for the public, that the
// disclosure timeline lists exactly the hidden facts (private parts) that
// viewer's redacted event stream held, event by event and labelled in its
// words, and that each event's public body is the one every stream
// showed. A Booze Barons game is played to its end; a Moonshine Kingdom
// game and a Bootleggers game for their first events.
func TestDisclosureMatchesEachStream(t *testing.T) {
	for _, c := range []struct {
		game    string
		players int32
		upTo    int64
		// everySeat: every seat learns a hidden fact (Booze Barons deals
		// each a Booze card face down); else some seat does (a Kingdom
		// seat draws its Contracts when it Hustles).
		everySeat bool
	}{
		{boozebarons.Name, 4, 0, true},
		{"moonshine-kingdom", 3, 200, false},
		{bootleggers.Name, 3, 200, false},
	} {
		t.Run(c.game, func(t *testing.T) {
			s := serve(t, nil, nil)
			id, h := s.botGame(c.game, c.players, c.upTo)
			d, err := audit.Disclose(h)
			if err != nil {
				t.Fatal(err)
			}
			if len(d.GetEvents()) != len(h.GetEvents()) || len(d.GetViewers()) != int(c.players)+1 {
				t.Fatalf("%d events, %d viewers disclosed for a history of %d events and %d seats",
					len(d.GetEvents()), len(d.GetViewers()), len(h.GetEvents()), c.players)
			}
			learned := 0
			for i, v := range d.GetViewers() {
				t.Run(viewerName(v.GetViewer()), func(t *testing.T) {
					stream := s.viewerStream(t, id, v.GetViewer(), int64(len(h.GetEvents())))
					checkTimeline(t, stream, v.GetFacts())
					checkPublic(t, stream, d.GetEvents())
					if seat := i < int(c.players); seat && c.everySeat && len(v.GetFacts()) == 0 {
						t.Error("a seat learned no hidden fact at all")
					}
				})
				learned += len(v.GetFacts())
			}
			t.Logf("%d events, %d hidden facts learned", len(h.GetEvents()), learned)
			if learned == 0 {
				t.Errorf("no seat learned a hidden fact in %d events", len(h.GetEvents()))
			}
		})
	}
}

// viewerStream is the event stream the service sends the viewer: its
// first n events.
func (s *served) viewerStream(t *testing.T, id string, v *moonshinev1.Viewer, n int64) []*moonshinev1.Event {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	evs, err := s.stream(ctx, id, &moonshinev1.WatchGameRequest{GameId: id, Perspective: v.GetPerspective(), Seat: v.GetSeat()}, n)
	if err != nil {
		t.Fatal(err)
	}
	if int64(len(evs)) != n {
		t.Fatalf("the stream holds %d events, the history %d", len(evs), n)
	}
	return evs
}

// checkTimeline checks that the facts are exactly the private parts of the
// stream, in order, with the same bodies, labels and seats.
func checkTimeline(t *testing.T, stream []*moonshinev1.Event, facts []*moonshinev1.LearnedFact) {
	t.Helper()
	var want []*moonshinev1.LearnedFact
	for _, ev := range stream {
		for _, p := range ev.GetPrivate() {
			want = append(want, &moonshinev1.LearnedFact{Seq: ev.GetSeq(), Body: p.GetBody(), ShownTo: p.GetSeats()})
		}
	}
	got := make([]*moonshinev1.LearnedFact, len(facts))
	for i, f := range facts {
		got[i] = &moonshinev1.LearnedFact{Seq: f.GetSeq(), Body: f.GetBody(), ShownTo: f.GetShownTo()}
		if f.GetKind() == "" || f.GetKind() != audit.BodyKind(f.GetBody()) {
			t.Errorf("event %d: fact of kind %q", f.GetSeq(), f.GetKind())
		}
	}
	if len(got) != len(want) {
		t.Errorf("the timeline lists %d facts, the stream held %d private parts", len(got), len(want))
	}
	for i := range min(len(got), len(want)) {
		if !proto.Equal(got[i], want[i]) {
			t.Fatalf("fact %d: the timeline has\n  %v\nthe stream held\n  %v", i, got[i], want[i])
		}
	}
}

// checkPublic checks that each event's public body in the stream is the
// disclosed one (labels aside: the disclosure labels for the auditor).
func checkPublic(t *testing.T, stream []*moonshinev1.Event, events []*moonshinev1.EventDisclosure) {
	t.Helper()
	for i, ev := range stream {
		d := events[i]
		if ev.GetSeq() != d.GetSeq() || !proto.Equal(unlabelled(ev.GetPublic()), unlabelled(d.GetPublic())) {
			t.Fatalf("event %d: the stream's public body is %v, the disclosure's %v", ev.GetSeq(), ev.GetPublic(), d.GetPublic())
		}
		for _, p := range ev.GetPrivate() {
			if !slices.ContainsFunc(d.GetPrivate(), func(q *moonshinev1.PrivatePart) bool {
				return proto.Equal(unlabelled(p.GetBody()), unlabelled(q.GetBody())) && slices.Equal(p.GetSeats(), q.GetSeats())
			}) {
				t.Errorf("event %d: the stream shows a part the disclosure does not list", ev.GetSeq())
			}
		}
	}
}

// unlabelled returns a copy of the body without its label.
func unlabelled(b *moonshinev1.EventBody) *moonshinev1.EventBody {
	if b == nil {
		return nil
	}
	out := proto.Clone(b).(*moonshinev1.EventBody)
	out.Label = ""
	return out
}

func viewerName(v *moonshinev1.Viewer) string {
	if v.GetPerspective() == moonshinev1.Perspective_PERSPECTIVE_SEAT {
		return fmt.Sprint("seat ", v.GetSeat())
	}
	return "public"
}

// TestDisclosureNeedsTheCompleteHistory checks that a redacted history is
// refused rather than audited as if it were whole.
func TestDisclosureNeedsTheCompleteHistory(t *testing.T) {
	h := finished(t)
	h.Complete = false
	if _, err := audit.Disclose(h); err == nil {
		t.Fatal("a redacted history was audited")
	} else if e, ok := audit.AsError(err); !ok || e.Kind != audit.Incomplete {
		t.Fatalf("got %v, want an incomplete history", err)
	}
}

// TestDisclosureOfOldTalk checks a history from before talk had a stream
// of its own: public talk is disclosed as talk, and private talk between
// other seats, which the history withholds, as withheld, and neither is a
// hidden fact of the game.
func TestDisclosureOfOldTalk(t *testing.T) {
	h := finished(t)
	d, err := audit.Disclose(h)
	if err != nil {
		t.Fatal(err)
	}
	talk, withheld := 0, 0
	for _, ev := range d.GetEvents() {
		switch {
		case ev.GetTalk():
			talk++
			if ev.GetKind() != "talk" || ev.GetPublic().GetLabel() == "" {
				t.Errorf("event %d: talk disclosed as %q, %q", ev.GetSeq(), ev.GetKind(), ev.GetPublic().GetLabel())
			}
		case ev.GetWithheld():
			withheld++
		}
	}
	if talk == 0 || withheld == 0 {
		t.Fatalf("%d talk and %d withheld events disclosed", talk, withheld)
	}
	for _, v := range d.GetViewers() {
		for _, f := range v.GetFacts() {
			if f.GetKind() == "talk" || f.GetKind() == "" {
				t.Errorf("%s learned a fact of kind %q", viewerName(v.GetViewer()), f.GetKind())
			}
		}
	}
}
