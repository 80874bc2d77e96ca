package e2e

import (
	"bytes"
	"context"
	"slices"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/games"
	bb "github.com/moonshine-games/moonshine/proto/moonshine/boozebarons/v1"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/audit"
	"google.golang.org/protobuf/proto"
)

// checkStore reads the game's rows from PostgreSQL directly: one event row
// per sequence number 1..final, each the stored form of the auditor's
// event, and one command row per logged command.
func checkStore(t *testing.T, ctx context.Context, g *fullGame) {
	conn, err := pgx.Connect(ctx, g.p.url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	rows, err := conn.Query(ctx, `SELECT seq, data FROM events WHERE game_id = $1 ORDER BY seq`, g.id)
	if err != nil {
		t.Fatal(err)
	}
	var n int64
	for rows.Next() {
		var seq int64
		var data []byte
		if err := rows.Scan(&seq, &data); err != nil {
			t.Fatal(err)
		}
		n++
		stored := &moonshinev1.StoredEvent{}
		if err := proto.Unmarshal(data, stored); err != nil {
			t.Fatal(err)
		}
		ev := g.audited.GetEvents()[seq-1]
		if seq != n || !proto.Equal(stored, unlabelled(ev)) {
			t.Fatalf("row %d: seq %d, or its data differs from the auditor's event (labels are not stored)", n, seq)
		}
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if n != g.final || int64(len(g.audited.GetEvents())) != g.final {
		t.Errorf("PostgreSQL holds %d events, the history %d, the game is at %d", n, len(g.audited.GetEvents()), g.final)
	}
	checkStoredCommands(t, ctx, conn, g)
	var seed []byte
	if err := conn.QueryRow(ctx, `SELECT seed FROM games WHERE id = $1`, g.id).Scan(&seed); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(seed, g.complete.GetGame().GetSeed()) {
		t.Error("the revealed seed is not the stored one")
	}
}

// checkStoredCommands checks the command rows against the command log.
func checkStoredCommands(t *testing.T, ctx context.Context, conn *pgx.Conn, g *fullGame) {
	rows, err := conn.Query(ctx, `SELECT command_id, seat, first_seq, last_seq FROM commands WHERE game_id = $1 ORDER BY first_seq`, g.id)
	if err != nil {
		t.Fatal(err)
	}
	var stored []*moonshinev1.LoggedCommand
	for rows.Next() {
		c := &moonshinev1.LoggedCommand{}
		if err := rows.Scan(&c.CommandId, &c.Seat, &c.FirstSeq, &c.LastSeq); err != nil {
			t.Fatal(err)
		}
		stored = append(stored, c)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	logged := g.complete.GetCommands()
	same := func(a, b *moonshinev1.LoggedCommand) bool {
		return a.GetCommandId() == b.GetCommandId() && a.GetSeat() == b.GetSeat() && a.GetFirstSeq() == b.GetFirstSeq() && a.GetLastSeq() == b.GetLastSeq()
	}
	if !slices.EqualFunc(stored, logged, same) {
		t.Errorf("PostgreSQL holds %d commands, the history %d, or they differ", len(stored), len(logged))
	}
}

// checkReplay checks that the view as of the last event equals the current
// view for every seat and the auditor, and that folding the complete
// history locally gives the auditor's view.
func checkReplay(t *testing.T, ctx context.Context, g *fullGame) {
	clients := []*client{g.p.auditor()}
	for _, pl := range g.players {
		clients = append(clients, pl.c)
	}
	for _, c := range clients {
		now, err := c.view(ctx, g.id)
		if err != nil {
			t.Fatal(err)
		}
		at, err := c.api.GetViewAt(c.with(ctx), &moonshinev1.GetViewAtRequest{GameId: g.id, Seq: g.final})
		if err != nil {
			t.Fatal(err)
		}
		if !proto.Equal(now, at.GetView()) {
			t.Errorf("viewer %v: GetViewAt(%d) differs from GetView", now.GetViewer(), g.final)
		}
	}
	folded := fold(t, g.complete)
	aud, err := clients[0].view(ctx, g.id)
	if err != nil {
		t.Fatal(err)
	}
	game, _ := games.Default().Lookup(g.complete.GetGame().GetGame())
	want := &moonshinev1.GameView{}
	game.WrapView(want, folded.State.View(engine.AuditorViewer()))
	if !proto.Equal(gamePart(want), gamePart(aud)) {
		t.Error("folding the history locally gives another auditor view than the server's")
	}
	over := g.complete.GetGame().GetStatus() == moonshinev1.GameStatus_GAME_STATUS_OVER
	if (folded.State.Outcome() != nil) != over || folded.Version != g.final {
		t.Errorf("the local fold is at %d, over: %v; the game at %d, over: %v", folded.Version, folded.State.Outcome() != nil, g.final, over)
	}
}

// gamePart returns the game's own view inside a GameView (nil if none).
func gamePart(v *moonshinev1.GameView) proto.Message {
	m := v.ProtoReflect()
	fd := m.WhichOneof(m.Descriptor().Oneofs().ByName("view"))
	if fd == nil {
		return nil
	}
	return m.Get(fd).Message().Interface()
}

// fold applies a complete history to a new game, passing over table talk
// (in the events of a game from before talk had a stream of its own).
func fold(t *testing.T, h *moonshinev1.GetHistoryResponse) *engine.Game {
	t.Helper()
	game, _ := games.Default().Lookup(h.GetGame().GetGame())
	eg := engine.NewGame(game.Rules, nil)
	for _, ev := range h.GetEvents() {
		se := &moonshinev1.StoredEvent{Public: ev.GetPublic(), Private: ev.GetPrivate()}
		if games.IsChat(se) || (se.Public == nil && len(se.Private) == 0) {
			eg.Version = ev.GetSeq()
			continue
		}
		body, err := game.DecodeEvent(se)
		if err != nil {
			t.Fatal(err)
		}
		if err := eg.Apply(body); err != nil {
			t.Fatal(err)
		}
	}
	return eg
}

// checkStreams checks each seat's live stream: events 1..final with no gap
// and no duplicate, equal to the redacted history the seat fetched during
// play (on the shared prefix), and equal to the auditor's log redacted for
// the seat by engine.Event.For.
func checkStreams(t *testing.T, ctx context.Context, g *fullGame) {
	for s, stream := range g.streams {
		for i, ev := range stream {
			if ev.GetSeq() != int64(i+1) {
				t.Fatalf("seat %d: stream event %d has seq %d", s, i+1, ev.GetSeq())
			}
		}
		if int64(len(stream)) != g.final {
			t.Errorf("seat %d: stream has %d events, the game %d", s, len(stream), g.final)
		}
		mid := g.players[s].midHistory.GetEvents()
		if len(mid) == 0 || len(mid) > len(stream) {
			t.Fatalf("seat %d: no usable history fetched during play (%d events)", s, len(mid))
		}
		for i := range mid {
			if !proto.Equal(mid[i], stream[i]) {
				t.Errorf("seat %d: event %d differs between GetHistory during play and WatchGame", s, i+1)
			}
		}
		for i, ev := range g.audited.GetEvents() {
			if want := redact(ev, engine.Seat(s)); !proto.Equal(want, stream[i]) {
				t.Errorf("seat %d: event %d is not the seat's part of the auditor's event", s, i+1)
			}
		}
	}
}

// unlabelled returns an event as it is stored: its bodies without the
// labels the service adds for the caller.
func unlabelled(ev *moonshinev1.Event) *moonshinev1.StoredEvent {
	out := proto.Clone(&moonshinev1.StoredEvent{Public: ev.GetPublic(), Private: ev.GetPrivate()}).(*moonshinev1.StoredEvent)
	if out.Public != nil {
		out.Public.Label = ""
	}
	for _, p := range out.Private {
		p.Body.Label = ""
	}
	return out
}

// redact returns the part of an auditor's event that seat may see, each
// body labelled in the seat's words by the game's labels.
func redact(ev *moonshinev1.Event, seat engine.Seat) *moonshinev1.Event {
	mods := games.Default().Modules()
	v := engine.SeatViewer(seat)
	relabel := func(b proto.Message) *moonshinev1.EventBody {
		body := proto.Clone(b).(*moonshinev1.EventBody)
		body.Label = ""
		for _, m := range mods { // the module whose body it is labels it
			if l := m.BodyLabel(v, body); l != "" {
				body.Label = l
				break
			}
		}
		return body
	}
	out := &moonshinev1.Event{Seq: ev.GetSeq(), RecordedAt: ev.GetRecordedAt()}
	seen := games.Envelope(&moonshinev1.StoredEvent{Public: ev.GetPublic(), Private: ev.GetPrivate()}).For(v)
	if seen.Public != nil {
		out.Public = relabel(seen.Public)
	}
	for _, p := range seen.Private {
		out.Private = append(out.Private, &moonshinev1.PrivatePart{Seats: games.WireSeats(p.Seats), Body: relabel(p.Body)})
	}
	return out
}

// checkKnowledge checks every stream event and every view a seat was shown
// during play for another seat's secrets: private parts not addressed to
// it, and in the views what g.checkView looks for (for Booze Barons,
// checkView: another seat's Booze card before it is Exposed, face-down
// cards, sealed Movement cards, looks and Casino cards of others, the deck
// order).
func checkKnowledge(t *testing.T, g *fullGame) {
	for s, stream := range g.streams {
		for _, ev := range stream {
			for _, part := range ev.GetPrivate() {
				if !slices.Contains(part.GetSeats(), int32(s)) {
					t.Errorf("seat %d: event %d carries a part for %v", s, ev.GetSeq(), part.GetSeats())
				}
			}
		}
		check := g.checkView
		if check == nil {
			check = checkView
		}
		for _, v := range g.players[s].views {
			if v.GetOutcome() == nil {
				check(t, int32(s), v)
			}
		}
	}
}

// checkView checks one in-play view of seat s.
func checkView(t *testing.T, s int32, env *moonshinev1.GameView) {
	t.Helper()
	v := env.GetBoozeBarons()
	if len(v.GetDeck()) > 0 || v.GetViewerSeat() != s {
		t.Errorf("seat %d at %d: deck order shown or wrong viewer", s, env.GetInfo().GetVersion())
	}
	for _, p := range v.GetSeats() {
		if p.GetSeat() == s {
			continue
		}
		if (p.GetBoozeType() != bb.BoozeType_BOOZE_TYPE_UNSPECIFIED && !p.GetExposed()) || len(p.GetFaceDown()) > 0 ||
			p.GetSealed() != bb.Location_LOCATION_UNSPECIFIED || p.GetCoins() != 0 {
			t.Errorf("seat %d at %d: sees seat %d's secrets: %v", s, env.GetInfo().GetVersion(), p.GetSeat(), p)
		}
	}
	if pe := v.GetPending(); pe != nil && pe.GetActor() != s && (len(pe.GetLooked()) > 0 || len(pe.GetCasinoCards()) > 0) {
		t.Errorf("seat %d at %d: sees another seat's look: %v", s, env.GetInfo().GetVersion(), pe)
	}
}

// checkTalk checks that each message is in the game's talk stream and
// reached exactly its audience, live and afterwards: a public one every
// seat and the spectators, a private one its two parties (and the
// auditor); the others see only its seq. No message is among the game's
// events.
func checkTalk(t *testing.T, ctx context.Context, g *fullGame) {
	audited, err := g.p.auditor().talk(ctx, g.id)
	if err != nil {
		t.Fatal(err)
	}
	public, err := g.p.dial().talk(ctx, g.id)
	if err != nil {
		t.Fatal(err)
	}
	var n int
	for _, pl := range g.players {
		for _, m := range pl.said {
			n++
			msg := audited[m.seq-1].GetMessage()
			if msg == nil || msg.GetFromSeat() != m.from {
				t.Fatalf("message %d is not seat %d's in the auditor's talk", m.seq, m.from)
			}
			for s, other := range g.players {
				sees := m.to == nil || int32(s) == m.from || int32(s) == *m.to
				live := other.rec.talkPast(len(audited))[m.seq-1].GetMessage()
				if (live != nil) != sees || (sees && !proto.Equal(live, msg)) {
					t.Errorf("message %d from seat %d: seat %d watches %v", m.seq, m.from, s, live)
				}
			}
			if got := public[m.seq-1].GetMessage(); (got != nil) != (m.to == nil) {
				t.Errorf("message %d: a spectator sees %v", m.seq, got)
			}
		}
	}
	if n != 2*len(g.players) || len(audited) != n {
		t.Errorf("%d messages sent, %d in the talk, want %d", n, len(audited), 2*len(g.players))
	}
	for _, ev := range g.audited.GetEvents() {
		if ev.GetPublic().GetChat() != nil || (len(ev.GetPrivate()) > 0 && ev.GetPrivate()[0].GetBody().GetChat() != nil) {
			t.Errorf("event %d is table talk", ev.GetSeq())
		}
	}
}

// checkVerify checks that the complete histories a seat, a spectator and
// the auditor fetched verify from the revealed seed, and that a tampered
// event does not (a Booze Barons game: another Location revealed).
func checkVerify(t *testing.T, ctx context.Context, g *fullGame) {
	checkVerifyTampered(t, ctx, g, func(ev *moonshinev1.Event) bool {
		r := ev.GetPublic().GetBoozeBarons().GetMovementsRevealed()
		if r != nil {
			r.Moves[0].Location = r.Moves[0].Location%6 + 1
		}
		return r != nil
	})
}

// checkVerifyTampered checks that the complete histories a seat, a
// spectator and the auditor fetched verify from the revealed seed, and
// that the seat's history with its first event that tamper changes (it
// reports whether it did) fails with a mismatch at that event.
func checkVerifyTampered(t *testing.T, ctx context.Context, g *fullGame, tamper func(*moonshinev1.Event) bool) {
	if !g.complete.GetComplete() || len(g.complete.GetGame().GetSeed()) == 0 {
		t.Fatal("the history of a finished game is not complete, or its seed is not revealed")
	}
	public, err := g.p.dial().history(ctx, g.id)
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range []*moonshinev1.GetHistoryResponse{g.complete, public, g.audited} {
		if err := audit.Verify(h); err != nil {
			t.Fatal(err)
		}
	}
	tampered := proto.Clone(g.complete).(*moonshinev1.GetHistoryResponse)
	var seq int64
	for _, ev := range tampered.GetEvents() {
		if tamper(ev) {
			seq = ev.GetSeq()
			break
		}
	}
	e, ok := audit.AsError(audit.Verify(tampered))
	if seq == 0 || !ok || e.Kind != audit.Mismatch || e.Seq != seq {
		t.Errorf("tampered event %d: got %v, want a mismatch at %d", seq, e, seq)
	}
}
