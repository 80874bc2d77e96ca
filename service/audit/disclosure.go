package audit

import (
	"fmt"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/games"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"google.golang.org/protobuf/proto"
)

// Disclose returns the disclosure audit of a complete history against the
// games Moonshine hosts (games.Default()). See [DiscloseWith].
func Disclose(h *moonshinev1.GetHistoryResponse) (*moonshinev1.Disclosure, error) {
	return DiscloseWith(games.Default(), h)
}

// DiscloseWith returns the disclosure audit of a complete history: for
// every event, which seats were shown which of its parts, and for every
// seat and for the public, each hidden fact (private part) it was shown,
// with the event that told it, its kind and its label in that viewer's
// words.
//
// What a viewer was shown is what engine.Event.For gives that viewer of
// the event: the one redaction that the service's streams, views of events
// and histories go through. The disclosure is never a second reading of
// the parts' seat lists. It returns an *Error of kind Incomplete for a
// history that is not complete, Malformed for one that is not the game's.
func DiscloseWith(reg *games.Registry, h *moonshinev1.GetHistoryResponse) (*moonshinev1.Disclosure, error) {
	info := h.GetGame()
	if !h.GetComplete() || info == nil {
		return nil, &Error{Kind: Incomplete, Reason: "a disclosure audit needs the complete history: fetch it once the game is over, or as the auditor"}
	}
	mod, ok := reg.Lookup(info.GetGame())
	if !ok {
		return nil, &Error{Kind: Malformed, Reason: fmt.Sprintf("unknown game %q", info.GetGame())}
	}
	viewers := disclosureViewers(int(info.GetConfig().GetPlayers()))
	out := &moonshinev1.Disclosure{GameId: info.GetGameId(), Game: info.GetGame(), Players: info.GetConfig().GetPlayers()}
	for _, v := range viewers {
		out.Viewers = append(out.Viewers, &moonshinev1.ViewerDisclosure{Viewer: wireViewer(v)})
	}
	for _, ev := range h.GetEvents() {
		ed, err := discloseEvent(mod, ev, viewers, out.Viewers)
		if err != nil {
			return nil, err
		}
		out.Events = append(out.Events, ed)
	}
	return out, nil
}

// disclosureViewers are the viewers a disclosure follows: each seat in
// order, then the public.
func disclosureViewers(players int) []engine.Viewer {
	out := make([]engine.Viewer, 0, players+1)
	for s := range players {
		out = append(out, engine.SeatViewer(engine.Seat(s)))
	}
	return append(out, engine.SpectatorViewer())
}

// discloseEvent returns who was shown what of one event, and adds each
// private part a viewer was shown to that viewer's timeline (timelines[i]
// follows viewers[i]).
func discloseEvent(mod *games.Module, ev *moonshinev1.Event, viewers []engine.Viewer, timelines []*moonshinev1.ViewerDisclosure) (*moonshinev1.EventDisclosure, error) {
	se := &moonshinev1.StoredEvent{Public: ev.GetPublic(), Private: ev.GetPrivate()}
	whole := games.Envelope(se)
	bodies := whole.Bodies()
	ed := &moonshinev1.EventDisclosure{Seq: ev.GetSeq(), Talk: games.IsChat(se), Withheld: len(bodies) == 0}
	if !ed.Talk && !ed.Withheld && !games.IsTable(se) {
		if _, err := mod.DecodeEvent(se); err != nil {
			return nil, &Error{Kind: Malformed, Seq: ev.GetSeq(), Reason: "not an event of " + mod.Name() + ": " + err.Error()}
		}
	}
	if len(bodies) > 0 {
		ed.Kind = BodyKind(bodies[0].(*moonshinev1.EventBody))
	}
	seen := make([]engine.Event, len(viewers))
	shownTo := make([][]int32, len(whole.Private))
	for i, v := range viewers {
		seen[i] = whole.For(v)
		for _, p := range seen[i].Private {
			if v.Kind == engine.Player {
				j := partIndex(whole, p)
				shownTo[j] = append(shownTo[j], int32(v.Seat))
			}
		}
	}
	auditor := engine.AuditorViewer()
	if whole.Public != nil {
		ed.Public = labelled(mod, auditor, whole.Public)
	}
	for j, p := range whole.Private {
		ed.Private = append(ed.Private, &moonshinev1.PrivatePart{Seats: shownTo[j], Body: labelled(mod, auditor, p.Body)})
	}
	for i, v := range viewers {
		addFacts(mod, v, ev.GetSeq(), whole, seen[i], shownTo, timelines[i])
	}
	return ed, nil
}

// addFacts adds to v's timeline each private part of the event whole that
// v was shown (seen), labelled in v's words.
func addFacts(mod *games.Module, v engine.Viewer, seq int64, whole, seen engine.Event, shownTo [][]int32, timeline *moonshinev1.ViewerDisclosure) {
	for _, p := range seen.Private {
		j := partIndex(whole, p)
		body := labelled(mod, v, p.Body)
		timeline.Facts = append(timeline.Facts, &moonshinev1.LearnedFact{Seq: seq, Kind: BodyKind(body),
			Body: body, ShownTo: shownTo[j], Part: int32(j)})
	}
}

// partIndex returns the index among e's private parts of a part that
// e.For gave.
func partIndex(e engine.Event, p engine.Secret) int {
	for j, q := range e.Private {
		if q.Body == p.Body {
			return j
		}
	}
	panic("audit: engine.Event.For gave a part the event does not hold")
}

// labelled returns a copy of an envelope body labelled in v's words, as
// the service labels what it sends v.
func labelled(mod *games.Module, v engine.Viewer, body proto.Message) *moonshinev1.EventBody {
	out := proto.Clone(body).(*moonshinev1.EventBody)
	out.Label = mod.BodyLabel(v, out)
	return out
}

// BodyKind names what an event body is: the kind its game's event holds
// (the name of the field set in the event's oneof, e.g. "delivered"),
// "talk" for table talk, or "" for an empty body.
func BodyKind(body *moonshinev1.EventBody) string {
	if body.GetChat() != nil {
		return "talk"
	}
	r := body.ProtoReflect()
	if !r.IsValid() {
		return ""
	}
	f := r.WhichOneof(r.Descriptor().Oneofs().ByName("body"))
	if f == nil || f.Message() == nil {
		return ""
	}
	return kindName(r.Get(f).Message().Interface())
}

// kindName is the name of the field set in a game event's oneof, or the
// message's own name when it has none set.
func kindName(m proto.Message) string {
	r := m.ProtoReflect()
	oneofs := r.Descriptor().Oneofs()
	for i := range oneofs.Len() {
		if o := oneofs.Get(i); !o.IsSynthetic() {
			if f := r.WhichOneof(o); f != nil {
				return string(f.Name())
			}
		}
	}
	return string(r.Descriptor().Name())
}

// wireViewer is the viewer as the API names it.
func wireViewer(v engine.Viewer) *moonshinev1.Viewer {
	if v.Kind == engine.Player {
		return &moonshinev1.Viewer{Perspective: moonshinev1.Perspective_PERSPECTIVE_SEAT, Seat: int32(v.Seat)}
	}
	return &moonshinev1.Viewer{Perspective: moonshinev1.Perspective_PERSPECTIVE_PUBLIC}
}
