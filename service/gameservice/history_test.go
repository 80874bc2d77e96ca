package gameservice_test

import (
	"context"
	"fmt"
	"testing"

	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/audit"
	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/proto"
)

// TestHistoryPages checks that a history read page by page joins into the
// history read whole, at every page size, with each page's commands those
// whose first event is on it.
func TestHistoryPages(t *testing.T) {
	e := newEnv(t, nil, nil)
	id, tok := e.table(2)
	if _, err := e.client.SendMessage(as(tok[0]), &moonshinev1.SendMessageRequest{GameId: id, Text: "psst"}); err != nil {
		t.Fatal(err)
	}
	for i := range toyMoves {
		e.mustSubmit(tok[i%2], id, "m"+string(rune('a'+i)), cmdDeliver(int32(i)))
	}
	whole := e.history("", id)
	n := int32(len(whole.GetEvents()))
	for _, size := range []int32{1, 2, 3, n - 1, n, n + 5} {
		var joined *moonshinev1.GetHistoryResponse
		after := int64(0)
		for pages := 0; ; pages++ {
			page, err := e.client.GetHistory(context.Background(), &moonshinev1.GetHistoryRequest{GameId: id, AfterSeq: after, PageSize: size})
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range page.GetCommands() {
				if c.GetFirstSeq() <= after || c.GetFirstSeq() > after+int64(len(page.GetEvents())) {
					t.Errorf("size %d: page after %d holds command %q starting at %d", size, after, c.GetCommandId(), c.GetFirstSeq())
				}
			}
			if joined == nil {
				joined = page
			} else {
				joined.Events = append(joined.Events, page.GetEvents()...)
				joined.Commands = append(joined.Commands, page.GetCommands()...)
			}
			if page.GetNextAfterSeq() == 0 {
				break
			}
			if got := page.GetNextAfterSeq(); got != after+int64(size) {
				t.Fatalf("size %d: next_after_seq %d after %d", size, got, after)
			}
			after = page.GetNextAfterSeq()
		}
		joined.NextAfterSeq = 0
		if !proto.Equal(joined, whole) {
			t.Errorf("size %d: the joined pages differ from the whole history", size)
		}
	}
	fetched, err := audit.FetchHistory(context.Background(), e.client, &moonshinev1.GetHistoryRequest{GameId: id})
	if err != nil || !proto.Equal(fetched, whole) {
		t.Errorf("FetchHistory = %v; equal to the whole history: %v", err, proto.Equal(fetched, whole))
	}
}

func TestHistoryPagingRefusesNegatives(t *testing.T) {
	e := newEnv(t, nil, nil)
	id, _ := e.table(2)
	for _, req := range []*moonshinev1.GetHistoryRequest{
		{GameId: id, AfterSeq: -1},
		{GameId: id, PageSize: -1},
	} {
		_, err := e.client.GetHistory(context.Background(), req)
		if code, reason := reasonOf(err); code != codes.InvalidArgument || reason != "BAD_REQUEST" {
			t.Errorf("GetHistory(%v) = %v %s, want InvalidArgument BAD_REQUEST", req, code, reason)
		}
	}
}

// TestViewAtShowsTheGameThen: a view at an event before a finished game's
// end describes the game as it stood then (active, no end time); a view
// at its last event, over.
func TestViewAtShowsTheGameThen(t *testing.T) {
	e := newEnv(t, nil, nil)
	id, tok := e.table(2)
	var last int64
	for i := range toyMoves {
		last = e.mustSubmit(tok[i%2], id, fmt.Sprint("c", i), cmdPass()).GetLastSeq()
	}
	for _, c := range []struct {
		seq  int64
		want moonshinev1.GameStatus
	}{{3, moonshinev1.GameStatus_GAME_STATUS_ACTIVE}, {last, moonshinev1.GameStatus_GAME_STATUS_OVER}} {
		v, err := e.client.GetViewAt(as(tok[0]), &moonshinev1.GetViewAtRequest{GameId: id, Seq: c.seq})
		if err != nil {
			t.Fatal(err)
		}
		info := v.GetView().GetInfo()
		if info.GetStatus() != c.want || info.GetVersion() != c.seq || (info.GetFinishedAt() != nil) != (c.want == moonshinev1.GameStatus_GAME_STATUS_OVER) {
			t.Errorf("view at %d: status %v, version %d, finished at %v; want %v", c.seq, info.GetStatus(), info.GetVersion(), info.GetFinishedAt(), c.want)
		}
	}
}
