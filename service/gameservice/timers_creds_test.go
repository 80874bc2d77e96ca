package gameservice_test

import (
	"context"
	"testing"
	"time"

	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"google.golang.org/grpc/codes"
)

// TestCredentialChangeSeenByAnotherServer: on every store, a server that
// remembers a seat's credential (it served the seat before) refuses it
// once another server on the same database rotated it or freed the seat
// (UNAUTHENTICATED), though it had not heard of the change when the call
// reached it; the new credential acts there at once. A watch stream open
// there with the old credential ends UNAUTHENTICATED.
func TestCredentialChangeSeenByAnotherServer(t *testing.T) {
	for _, st := range sharedStores {
		t.Run(st.name, func(t *testing.T) {
			open := st.open(t)
			a, b := newEnv(t, open(), nil), newEnv(t, open(), nil)
			warm := func(id, token string) {
				t.Helper()
				if _, err := b.client.GetView(as(token), &moonshinev1.GetViewRequest{GameId: id}); err != nil {
					t.Fatal(err)
				}
			}
			for _, change := range []string{"rotated", "left"} {
				id, creator := a.createWithCreator(2)
				tok := []string{a.join(id, 0), a.join(id, 1)}
				warm(id, tok[0]) // b remembers seat 0's credential and holds the table
				ctx, cancel := context.WithTimeout(as(tok[0]), 20*time.Second)
				defer cancel()
				stream, err := b.client.WatchGame(ctx, &moonshinev1.WatchGameRequest{GameId: id})
				if err != nil {
					t.Fatal(err)
				}
				recv(t, stream, 2) // the setup: the stream is open
				fresh := ""
				switch change {
				case "rotated":
					res, err := a.client.RotateCredential(context.Background(), &moonshinev1.RotateCredentialRequest{GameId: id, CreatorCredential: creator, Seat: 0})
					if err != nil {
						t.Fatal(err)
					}
					fresh = res.GetCredential()
				case "left":
					if _, err := a.client.LeaveSeat(as(tok[0]), &moonshinev1.LeaveSeatRequest{GameId: id}); err != nil {
						t.Fatal(err)
					}
				}
				_, err = b.client.SendMessage(as(tok[0]), &moonshinev1.SendMessageRequest{GameId: id, Text: "still here", MessageId: "old"})
				if code, _ := reasonOf(err); code != codes.Unauthenticated {
					t.Fatalf("%s: the old credential's talk on the other server: %v, want UNAUTHENTICATED", change, err)
				}
				_, err = b.submit(tok[0], id, "old", cmdPass())
				if code, _ := reasonOf(err); code != codes.Unauthenticated {
					t.Fatalf("%s: the old credential on the other server: %v, want UNAUTHENTICATED", change, err)
				}
				if fresh != "" {
					b.mustSubmit(fresh, id, "new", cmdPass())
				}
				for {
					msg, err := stream.Recv()
					if err == nil && msg.GetEvent().GetPublic().GetTable() != nil {
						continue // the change itself may come first
					}
					if code, _ := reasonOf(err); code != codes.Unauthenticated {
						t.Fatalf("%s: the old credential's watch: %v %v, want UNAUTHENTICATED", change, msg, err)
					}
					break
				}
				want := 0
				if fresh != "" {
					want = 1
				}
				if cmds, err := a.store.Commands(context.Background(), id); err != nil || len(cmds) != want {
					t.Fatalf("%s: %d commands logged, %v; want %d", change, len(cmds), err, want)
				}
			}
		})
	}
}
