package gameservice

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/games"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/auth"
	"github.com/moonshine-games/moonshine/service/eventstore"
	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/timestamppb"
)

// access is what a response may show: game facts as game sees them, table
// talk as chat (the caller's own identity: private talk stays with its
// parties even once the game is over and its secrets are public).
type access struct {
	game engine.Viewer
	chat engine.Viewer
	wire *moonshinev1.Viewer
	// mod labels what is shown, in the words of the viewer it is shown to.
	mod *games.Module
}

// perspective is a request's choice of whose knowledge to show.
type perspective struct {
	kind moonshinev1.Perspective
	seat int32
}

// resolve checks the perspective against the caller and the game.
func resolve(c auth.Caller, t *table, p perspective, over bool) (access, error) {
	acc := access{chat: c.Identity(t.record.ID), mod: t.module}
	switch p.kind {
	case moonshinev1.Perspective_PERSPECTIVE_UNSPECIFIED:
		acc.game = acc.chat
	case moonshinev1.Perspective_PERSPECTIVE_PUBLIC:
		acc.game = engine.SpectatorViewer()
	case moonshinev1.Perspective_PERSPECTIVE_SEAT:
		if p.seat < 0 || p.seat >= t.cfg.GetPlayers() {
			return access{}, badRequest("seat", "no seat %d at a table of %d", p.seat, t.cfg.GetPlayers())
		}
		seat := engine.Seat(p.seat)
		if !over && c.Role != auth.Auditor && !acc.chat.IsSeat(seat) {
			return access{}, refuse(codes.PermissionDenied, ReasonNotYourSeat, "only %s may see as %s", seat, seat)
		}
		acc.game = engine.SeatViewer(seat)
	case moonshinev1.Perspective_PERSPECTIVE_FULL:
		if !over && c.Role != auth.Auditor {
			return access{}, refuse(codes.PermissionDenied, ReasonNotVisible, "the full game is shown to the auditor, or to anyone once it is over")
		}
		acc.game = engine.AuditorViewer()
	default:
		return access{}, badRequest("perspective", "unknown perspective %d", p.kind)
	}
	acc.wire = wireViewer(acc.game)
	return acc, nil
}

func wireViewer(v engine.Viewer) *moonshinev1.Viewer {
	switch v.Kind {
	case engine.Player:
		return &moonshinev1.Viewer{Perspective: moonshinev1.Perspective_PERSPECTIVE_SEAT, Seat: int32(v.Seat)}
	case engine.Auditor:
		return &moonshinev1.Viewer{Perspective: moonshinev1.Perspective_PERSPECTIVE_FULL}
	default:
		return &moonshinev1.Viewer{Perspective: moonshinev1.Perspective_PERSPECTIVE_PUBLIC}
	}
}

// project returns a stored event as acc may see it.
func project(ev eventstore.Event, acc access) (*moonshinev1.Event, error) {
	se, err := decodeStored(ev)
	if err != nil {
		return nil, err
	}
	return projectStored(ev.Seq, ev.RecordedAt, se, acc), nil
}

// projectStored returns the event stored as se at seq as acc may see it,
// through engine.Event.For, each body it shows labelled in the viewer's
// words. se is left as it is (watch streams share it): each body shown is
// a new envelope around the game's own message, which is shared.
func projectStored(seq int64, at time.Time, se *moonshinev1.StoredEvent, acc access) *moonshinev1.Event {
	v := acc.game
	if games.IsPlatform(se) {
		v = acc.chat
	}
	seen := games.Envelope(se).For(v)
	out := &moonshinev1.Event{Seq: seq, RecordedAt: timestamppb.New(at)}
	label := func(b proto.Message) *moonshinev1.EventBody {
		body := b.(*moonshinev1.EventBody)
		return labelled(body, acc.mod.BodyLabel(v, body))
	}
	if seen.Public != nil {
		out.Public = label(seen.Public)
	}
	for _, p := range seen.Private {
		out.Private = append(out.Private, &moonshinev1.PrivatePart{Seats: games.WireSeats(p.Seats), Body: label(p.Body)})
	}
	return out
}

// labelled returns a copy of the envelope b with its label set: the copy
// holds the same body (its oneof and the game's message in it), which
// nobody changes.
func labelled(b *moonshinev1.EventBody, label string) *moonshinev1.EventBody {
	return &moonshinev1.EventBody{Body: b.Body, Label: label}
}

// projectAll projects a run of stored events.
func projectAll(evs []eventstore.Event, acc access) ([]*moonshinev1.Event, error) {
	out := make([]*moonshinev1.Event, 0, len(evs))
	for _, ev := range evs {
		p, err := project(ev, acc)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, nil
}

// view builds the game's view for acc from the game g and its prompts.
func view(t *table, g *engine.Game, ps []engine.Prompt, acc access) *moonshinev1.GameView {
	v := &moonshinev1.GameView{Viewer: acc.wire}
	v.Waiting, v.Prompt = waiting(t, ps, acc)
	if o := g.State.Outcome(); o != nil {
		v.Outcome = wireOutcome(o)
	}
	t.module.WrapView(v, g.State.View(acc.game))
	return v
}

// waiting converts the prompts: whom the game waits for (public), and the
// prompt of the seat acc sees as, if the game waits for it.
func waiting(t *table, ps []engine.Prompt, acc access) ([]*moonshinev1.Waiting, *moonshinev1.Prompt) {
	var ws []*moonshinev1.Waiting
	var mine *moonshinev1.Prompt
	for _, p := range ps {
		ws = append(ws, &moonshinev1.Waiting{Seat: int32(p.Seat), MustAct: p.MustAct, Reason: p.Reason, Detail: p.Detail})
		if acc.game.IsSeat(p.Seat) {
			mine = prompt(t.module, p)
		}
	}
	return ws, mine
}

// wireOutcome converts the outcome of a finished game.
func wireOutcome(o *engine.Outcome) *moonshinev1.Outcome {
	out := &moonshinev1.Outcome{Winners: games.WireSeats(o.Winners), Summary: o.Summary}
	for _, sc := range o.Scores {
		out.Scores = append(out.Scores, int32(sc))
	}
	return out
}

// prompt converts a seat's prompt, legal commands and templates included,
// each labelled in the seat's words (when the game has labels).
func prompt(mod *games.Module, p engine.Prompt) *moonshinev1.Prompt {
	out := &moonshinev1.Prompt{Seat: int32(p.Seat), MustAct: p.MustAct, Reason: p.Reason, Detail: p.Detail}
	v := engine.SeatViewer(p.Seat)
	for _, c := range p.Legal {
		out.Legal = append(out.Legal, mod.WrapCommand(c))
		if mod.Labels != nil {
			out.LegalLabels = append(out.LegalLabels, mod.CommandLabel(v, c))
		}
	}
	for _, tp := range p.Templates {
		ct := &moonshinev1.CommandTemplate{Name: tp.Name, Description: tp.Description, Command: mod.WrapCommand(tp.Command),
			Label: mod.TemplateLabel(v, tp)}
		for _, pa := range tp.Params {
			ct.Params = append(ct.Params, &moonshinev1.TemplateParam{Field: pa.Field, Description: pa.Description,
				Choices: slices.Clone(pa.Choices), Min: int32(pa.Min), Max: int32(pa.Max)})
		}
		out.Templates = append(out.Templates, ct)
	}
	return out
}

// infoAt builds a game's public metadata as of snap, from its record as
// the table knows it: from memory once every seat is claimed (and, once
// the game is over, its end is known), else from the store, whose seat
// claims another process may have made. The seed is shown once the game
// is over, or when reveal is set (the auditor).
func (s *Service) infoAt(ctx context.Context, t *table, snap snapshot, reveal bool) (*moonshinev1.GameInfo, error) {
	rec, known := t.info(snap.over)
	if !known {
		got, err := s.store.GetGame(ctx, t.record.ID)
		if err != nil {
			return nil, err
		}
		t.refresh(got)
		rec, _ = t.info(snap.over)
	}
	return describe(rec, t.cfg, snap, reveal), nil
}

// recordInfo builds a game's public metadata from its record alone: at its
// version, over once it finished.
func recordInfo(rec eventstore.GameRecord) (*moonshinev1.GameInfo, error) {
	cfg := &moonshinev1.GameConfig{}
	if err := proto.Unmarshal(rec.Config, cfg); err != nil {
		return nil, fmt.Errorf("game %s: config: %w", rec.ID, err)
	}
	return describe(rec, cfg, snapshot{version: rec.Version, over: !rec.FinishedAt.IsZero()}, false), nil
}

// describe builds a game's public metadata from its record, its table
// configuration and a snapshot of the game.
func describe(rec eventstore.GameRecord, cfg *moonshinev1.GameConfig, snap snapshot, reveal bool) *moonshinev1.GameInfo {
	out := &moonshinev1.GameInfo{
		GameId:         rec.ID,
		Game:           rec.Rules,
		Config:         cfg,
		SeedCommitment: rec.SeedCommitment,
		Version:        snap.version,
		Status:         moonshinev1.GameStatus_GAME_STATUS_ACTIVE,
		CreatedAt:      timestamppb.New(rec.CreatedAt),
	}
	if !rec.FinishedAt.IsZero() && (snap.over || rec.Cancelled) {
		out.FinishedAt = timestamppb.New(rec.FinishedAt)
	}
	for i := range cfg.GetPlayers() {
		st := &moonshinev1.Seat{Seat: i, Bot: slices.Contains(cfg.GetBotSeats(), i)}
		if st.Bot {
			st.BotLevel = wireLevel(cfg, engine.Seat(i))
		}
		out.Seats = append(out.Seats, st)
	}
	for _, c := range rec.Seats {
		if c.Seat >= 0 && c.Seat < len(out.Seats) {
			out.Seats[c.Seat].Claimed, out.Seats[c.Seat].Name = true, c.Name
		}
	}
	for _, st := range out.Seats {
		if !st.Claimed {
			out.Status = moonshinev1.GameStatus_GAME_STATUS_OPEN
		}
	}
	if rec.Cancelled { // ended unplayed: over whatever the game's state
		snap.over, out.Cancelled = true, true
	}
	if snap.over {
		out.Status = moonshinev1.GameStatus_GAME_STATUS_OVER
	}
	if snap.over || reveal {
		out.Seed = rec.Seed
	}
	return out
}
