package gameservice_test

import (
	"context"
	"fmt"
	"testing"

	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/eventstore/memstore"
	"google.golang.org/grpc/codes"
)

// talk returns the game's table talk as token sees it.
func (e *env) talk(token, gameID string) []*moonshinev1.TalkEvent {
	e.t.Helper()
	res, err := e.client.GetTalk(as(token), &moonshinev1.GetTalkRequest{GameId: gameID})
	if err != nil {
		e.t.Fatal(err)
	}
	return res.GetTalk()
}

// TestMessageRetryPostsOnce sends one message id three times: the repeats
// return the first message and the talk grows by one message only.
func TestMessageRetryPostsOnce(t *testing.T) {
	e := newEnv(t, nil, nil)
	id, tok := e.table(2)
	to := int32(1)
	send := func(token, text string) (*moonshinev1.SendMessageResponse, error) {
		return e.client.SendMessage(as(token), &moonshinev1.SendMessageRequest{GameId: id, Text: text, ToSeat: &to, MessageId: "m1"})
	}
	first, err := send(tok[0], "meet me at the docks")
	if err != nil {
		t.Fatal(err)
	}
	//lint:ignore SA1019 the deprecated field must stay unset
	if first.GetTalk().GetSeq() != 1 || first.GetTalk().GetMessage().GetText() != "meet me at the docks" || first.Event != nil {

		t.Fatalf("first message answered %v", first)
	}
	for range 2 {
		again, err := send(tok[0], "meet me at the docks")
		if err != nil {
			t.Fatal(err)
		}
		if again.GetTalk().GetSeq() != 1 || !again.GetTalk().GetRecordedAt().AsTime().Equal(first.GetTalk().GetRecordedAt().AsTime()) {
			t.Errorf("retry answered %v, want the first %v", again.GetTalk(), first.GetTalk())
		}
	}
	if n := len(e.talk(auditorToken, id)); n != 1 {
		t.Errorf("retries grew the talk to %d messages", n)
	}
	// The same id with another text is another message: refused.
	_, err = send(tok[0], "meet me at the casino")
	if code, reason := reasonOf(err); code != codes.AlreadyExists || reason != "COMMAND_ID_REUSED" {
		t.Errorf("reused message id: %v %s, want AlreadyExists COMMAND_ID_REUSED", code, reason)
	}
	// Another seat may use the same id for its own message.
	to = 0
	if res, err := send(tok[1], "fine"); err != nil || res.GetTalk().GetSeq() != 2 {
		t.Errorf("seat 1 reusing seat 0's message id: %v, %v", res, err)
	}
}

// TestTalkIsAStreamOfItsOwn: talk takes no sequence number of the game's
// events and leaves the game and its command log alone; message ids are
// not command ids, so any command id is a client's to use.
func TestTalkIsAStreamOfItsOwn(t *testing.T) {
	e := newEnv(t, nil, nil)
	id, tok := e.table(2)
	before, _ := e.store.GetGame(context.Background(), id)
	for _, text := range []string{"hello", "again"} {
		if _, err := e.client.SendMessage(as(tok[0]), &moonshinev1.SendMessageRequest{GameId: id, Text: text, MessageId: text}); err != nil {
			t.Fatal(err)
		}
	}
	if after, _ := e.store.GetGame(context.Background(), id); after.Version != before.Version || after.TalkVersion != 2 {
		t.Errorf("talk moved the game from version %d to %d (talk version %d)", before.Version, after.Version, after.TalkVersion)
	}
	e.mustSubmit(tok[0], id, "chat:0:hello", cmdPass()) // an id like the old message entries
	for i := 1; i < toyMoves; i++ {
		res := e.mustSubmit(tok[i%2], id, "m"+string(rune('a'+i)), cmdDeliver(int32(i)))
		if want := before.Version + int64(i) + 1; res.GetFirstSeq() != want {
			t.Errorf("move %d took seq %d, want %d: no seq for talk", i, res.GetFirstSeq(), want)
		}
	}
	h := e.history("", id)
	if len(h.GetCommands()) != toyMoves || int64(len(h.GetEvents())) != before.Version+toyMoves {
		t.Errorf("the history holds %d commands and %d events, want %d and %d", len(h.GetCommands()), len(h.GetEvents()), toyMoves, before.Version+toyMoves)
	}
	if err := verify(t, h); err != nil {
		t.Fatalf("a game with talk does not verify: %v", err)
	}
}

// TestTalkRedaction: a public message reaches every seat and spectators; a
// private one its two parties and the auditor, in GetTalk and in a watch
// with talk, even once the game is over; the others get its seq alone.
func TestTalkRedaction(t *testing.T) {
	e := newEnv(t, nil, nil)
	id, tok := e.table(3)
	to := int32(1)
	for _, req := range []*moonshinev1.SendMessageRequest{
		{GameId: id, Text: "evening"},
		{GameId: id, Text: "psst", ToSeat: &to},
	} {
		if _, err := e.client.SendMessage(as(tok[0]), req); err != nil {
			t.Fatal(err)
		}
	}
	seen := func(ms []*moonshinev1.TalkEvent) []string {
		out := make([]string, len(ms))
		for i, m := range ms {
			if m.GetSeq() != int64(i+1) {
				t.Fatalf("talk[%d] has seq %d", i, m.GetSeq())
			}
			out[i] = m.GetMessage().GetText()
		}
		return out
	}
	check := func(when string) {
		for _, c := range []struct {
			name, token string
			want        []string
		}{
			{"seat 0", tok[0], []string{"evening", "psst"}},
			{"seat 1", tok[1], []string{"evening", "psst"}},
			{"seat 2", tok[2], []string{"evening", ""}},
			{"spectator", "", []string{"evening", ""}},
			{"auditor", auditorToken, []string{"evening", "psst"}},
		} {
			if got := seen(e.talk(c.token, id)); got[0] != c.want[0] || got[1] != c.want[1] {
				t.Errorf("%s: %s sees %q, want %q", when, c.name, got, c.want)
			}
			ctx, cancel := context.WithCancel(as(c.token))
			stream, err := e.client.WatchGame(ctx, &moonshinev1.WatchGameRequest{GameId: id, Talk: true, Perspective: moonshinev1.Perspective_PERSPECTIVE_PUBLIC})
			if err != nil {
				t.Fatal(err)
			}
			var talk []*moonshinev1.TalkEvent
			for len(talk) < 2 {
				msg, err := stream.Recv()
				if err != nil {
					t.Fatal(err)
				}
				if msg.GetTalk() != nil {
					talk = append(talk, msg.GetTalk())
				}
			}
			cancel()
			if got := seen(talk); got[0] != c.want[0] || got[1] != c.want[1] {
				t.Errorf("%s: %s watches %q, want %q", when, c.name, got, c.want)
			}
		}
	}
	check("during the game")
	for i := range toyMoves {
		e.mustSubmit(tok[i%3], id, "m"+string(rune('a'+i)), cmdPass())
	}
	check("once it is over")
}

// TestWatchTalkResumes: a watch with talk sends the game's events and its
// messages each by its own seq, live as they come, and one opened after
// the last seqs seen sends only what followed.
func TestWatchTalkResumes(t *testing.T) {
	e := newEnv(t, nil, nil)
	id, tok := e.table(2)
	say := func(text string) {
		if _, err := e.client.SendMessage(as(tok[1]), &moonshinev1.SendMessageRequest{GameId: id, Text: text}); err != nil {
			t.Fatal(err)
		}
	}
	say("one")
	ctx, cancel := context.WithCancel(as(tok[0]))
	defer cancel()
	stream, err := e.client.WatchGame(ctx, &moonshinev1.WatchGameRequest{GameId: id, Talk: true})
	if err != nil {
		t.Fatal(err)
	}
	var events, talk int64
	next := func() {
		t.Helper()
		msg, err := stream.Recv()
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case msg.GetEvent() != nil && msg.GetTalk() == nil && msg.GetEvent().GetSeq() == events+1:
			events++
		case msg.GetTalk() != nil && msg.GetEvent() == nil && msg.GetTalk().GetSeq() == talk+1:
			talk++
		default:
			t.Fatalf("after event %d and message %d the watch sent %v", events, talk, msg)
		}
	}
	for events < 2 || talk < 1 {
		next()
	}
	e.mustSubmit(tok[0], id, "c1", cmdPass())
	say("two")
	for events < 3 || talk < 2 {
		next()
	}
	cancel()
	say("three")
	e.mustSubmit(tok[1], id, "c2", cmdPass())
	ctx2, cancel2 := context.WithCancel(as(tok[0]))
	defer cancel2()
	stream, err = e.client.WatchGame(ctx2, &moonshinev1.WatchGameRequest{GameId: id, Talk: true, AfterSeq: events, AfterTalkSeq: talk})
	if err != nil {
		t.Fatal(err)
	}
	for events < 4 || talk < 3 {
		next()
	}
}

// TestOlderTalkInTheEvents: a game from before talk had a stream of its
// own holds its messages among its events. It folds (the messages take
// their seqs and change nothing), plays on at the right seqs, shows each
// message to its audience in the history, and verifies.
func TestOlderTalkInTheEvents(t *testing.T) {
	store := memstore.New()
	to := int32(1)
	chat := func(text string, to *int32) *moonshinev1.EventBody {
		return &moonshinev1.EventBody{Body: &moonshinev1.EventBody_Chat{Chat: &moonshinev1.ChatMessage{FromSeat: 0, Text: text, ToSeat: to}}}
	}
	storeOlderGame(t, store, 3, 0, 3,
		&moonshinev1.StoredEvent{Public: chat("evening", nil)},
		&moonshinev1.StoredEvent{Private: []*moonshinev1.PrivatePart{{Seats: []int32{0, 1}, Body: chat("psst", &to)}}})
	e := newEnv(t, store, nil)
	tok := []string{e.join("old", 0), e.join("old", 1), e.join("old", 2)}
	for i := range toyMoves {
		res := e.mustSubmit(tok[i%3], "old", fmt.Sprint("m", i), cmdPass())
		if res.GetFirstSeq() != int64(5+i) {
			t.Fatalf("move %d took seq %d, want %d", i, res.GetFirstSeq(), 5+i)
		}
	}
	for _, c := range []struct {
		token string
		psst  bool
	}{{tok[0], true}, {tok[1], true}, {tok[2], false}, {"", false}, {auditorToken, true}} {
		h := e.history(c.token, "old")
		if got := h.GetEvents()[2].GetPublic().GetChat().GetText(); got != "evening" {
			t.Errorf("a public message from before: %q", got)
		}
		if got := len(h.GetEvents()[3].GetPrivate()) == 1; got != c.psst {
			t.Errorf("the private message from before shown: %v, want %v", got, c.psst)
		}
		if err := verify(t, h); err != nil {
			t.Errorf("the game does not verify: %v", err)
		}
	}
}

// TestWatchTalkEndsWithTheGame: the watch of a finished game, with talk,
// sends every event and the talk up to then, and ends with GameOver naming
// the last of each; talk goes on after the end, for a watch after it.
func TestWatchTalkEndsWithTheGame(t *testing.T) {
	e := newEnv(t, nil, nil)
	id, tok := e.table(2)
	say := func(text string) {
		if _, err := e.client.SendMessage(as(tok[0]), &moonshinev1.SendMessageRequest{GameId: id, Text: text}); err != nil {
			t.Fatal(err)
		}
	}
	say("good luck")
	for i := range toyMoves {
		e.mustSubmit(tok[i%2], id, fmt.Sprint("m", i), cmdPass())
	}
	say("good game")
	watch := func(afterTalk int64) (events, talk int, over *moonshinev1.GameOver) {
		t.Helper()
		stream, err := e.client.WatchGame(as(tok[1]), &moonshinev1.WatchGameRequest{GameId: id, Talk: true, AfterTalkSeq: afterTalk})
		if err != nil {
			t.Fatal(err)
		}
		for {
			msg, err := stream.Recv()
			if err != nil {
				t.Fatalf("after %d events and %d messages: %v", events, talk, err)
			}
			switch {
			case msg.GetGameOver() != nil:
				return events, talk, msg.GetGameOver()
			case msg.GetTalk() != nil:
				talk++
			default:
				events++
			}
		}
	}
	events, talk, over := watch(0)
	if events != 2+toyMoves || talk != 2 || over.GetLastSeq() != 2+toyMoves || over.GetLastTalkSeq() != 2 {
		t.Errorf("the watch sent %d events and %d messages, then %v", events, talk, over)
	}
	say("rematch?")
	if _, talk, over := watch(2); talk != 1 || over.GetLastTalkSeq() != 3 {
		t.Errorf("a watch after the talk seen sent %d messages, then %v", talk, over)
	}
}
