package gameservice_test

import (
	"strings"
	"testing"

	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"google.golang.org/grpc/codes"
)

// TestMessageRetryPostsOnce sends one message id three times: the repeats
// return the first message's event and the log grows by one event only.
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
	before := len(e.history("", id).GetEvents())
	for range 2 {
		again, err := send(tok[0], "meet me at the docks")
		if err != nil {
			t.Fatal(err)
		}
		if again.GetEvent().GetSeq() != first.GetEvent().GetSeq() {
			t.Errorf("retry answered with event %d, want %d", again.GetEvent().GetSeq(), first.GetEvent().GetSeq())
		}
	}
	if after := len(e.history("", id).GetEvents()); after != before {
		t.Errorf("retries grew the log from %d to %d events", before, after)
	}
	// The same id with another text is another message: refused.
	_, err = send(tok[0], "meet me at the casino")
	if code, reason := reasonOf(err); code != codes.AlreadyExists || reason != "COMMAND_ID_REUSED" {
		t.Errorf("reused message id: %v %s, want AlreadyExists COMMAND_ID_REUSED", code, reason)
	}
	// Another seat may use the same id for its own message.
	to = 0
	if _, err := send(tok[1], "fine"); err != nil {
		t.Errorf("seat 1 reusing seat 0's message id: %v", err)
	}
}

// TestMessageIDsStayOutOfTheCommandLog checks that the entries which make
// message retries safe never appear among a history's commands, which
// verify re-runs as game commands, and that clients cannot use their prefix.
func TestMessageIDsStayOutOfTheCommandLog(t *testing.T) {
	e := newEnv(t, nil, nil)
	id, tok := e.table(2)
	if _, err := e.client.SendMessage(as(tok[0]), &moonshinev1.SendMessageRequest{GameId: id, Text: "hello", MessageId: "hi"}); err != nil {
		t.Fatal(err)
	}
	for i := range toyMoves {
		e.mustSubmit(tok[i%2], id, "m"+string(rune('a'+i)), cmdDeliver(int32(i)))
	}
	h := e.history("", id)
	if len(h.GetCommands()) != toyMoves {
		t.Errorf("the command log holds %d commands, want the %d game commands", len(h.GetCommands()), toyMoves)
	}
	for _, c := range h.GetCommands() {
		if strings.HasPrefix(c.GetCommandId(), "chat:") {
			t.Errorf("the command log holds the message entry %q", c.GetCommandId())
		}
	}
	if err := verify(t, h); err != nil {
		t.Fatalf("a game with a message id does not verify: %v", err)
	}
	_, err := e.submit(tok[0], id, "chat:0:hi", cmdPass())
	if code, reason := reasonOf(err); code != codes.InvalidArgument || reason != "BAD_REQUEST" {
		t.Errorf("a command id with the reserved prefix: %v %s, want InvalidArgument BAD_REQUEST", code, reason)
	}
}
