package sqlitestore_test

import (
	"context"
	"fmt"
	"log"
	"os"
	"path/filepath"

	"github.com/moonshine-games/moonshine/service/eventstore"
	"github.com/moonshine-games/moonshine/service/eventstore/sqlitestore"
)

// Open a store in a file, create a game, append a command's events at the
// version decided against, and read the stream back.
func ExampleOpen() {
	dir, err := os.MkdirTemp("", "moonshine-example-")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)

	s, err := sqlitestore.Open(filepath.Join(dir, "moonshine.db"))
	if err != nil {
		log.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()

	if _, err := s.CreateGame(ctx, eventstore.GameRecord{ID: "g1", Rules: "booze-barons"}, [][]byte{[]byte("setup")}); err != nil {
		log.Fatal(err)
	}
	res, err := s.Append(ctx, eventstore.AppendRequest{
		GameID:          "g1",
		ExpectedVersion: 1,
		Command:         &eventstore.Command{ID: "cmd-1", Seat: 0, Data: []byte("move")},
		Events:          [][]byte{[]byte("moved"), []byte("scored")},
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("appended", res.FirstSeq, "to", res.LastSeq)

	// The same command again: recorded once, the first result returned.
	again, _ := s.Append(ctx, eventstore.AppendRequest{
		GameID: "g1", ExpectedVersion: 1,
		Command: &eventstore.Command{ID: "cmd-1"}, Events: [][]byte{[]byte("moved")},
	})
	fmt.Println("duplicate:", again.Duplicate, again.FirstSeq, again.LastSeq)

	// A stale expected version is a conflict.
	_, err = s.Append(ctx, eventstore.AppendRequest{GameID: "g1", ExpectedVersion: 1, Events: [][]byte{[]byte("late")}})
	fmt.Println(eventstore.IsVersionConflict(err), err)

	evs, _ := s.ReadStream(ctx, "g1", 0, 0)
	for _, e := range evs {
		fmt.Println(e.Seq, string(e.Data))
	}
	// Output:
	// appended 2 to 3
	// duplicate: true 2 3
	// true eventstore: game g1 is at version 3, not 1
	// 1 setup
	// 2 moved
	// 3 scored
}
