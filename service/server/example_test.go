package server_test

import (
	"context"
	"fmt"
	"log/slog"
	"net"

	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/auth"
	"github.com/moonshine-games/moonshine/service/eventstore/memstore"
	"github.com/moonshine-games/moonshine/service/server"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/metadata"
)

// Start a server on a loopback port, open a Booze Barons table, claim a
// seat and read the seat's view with its credential.
func Example() {
	ctx := context.Background()
	srv, err := server.New(ctx, server.Config{Store: memstore.New(), Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		panic(err)
	}
	defer srv.Shutdown(ctx)
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		panic(err)
	}
	go srv.Serve(lis)

	conn, err := grpc.NewClient(lis.Addr().String(), grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		panic(err)
	}
	defer conn.Close()
	client := moonshinev1.NewGameServiceClient(conn)

	created, err := client.CreateGame(ctx, &moonshinev1.CreateGameRequest{
		Game:   "booze-barons",
		Config: &moonshinev1.GameConfig{Players: 3, BotSeats: []int32{1, 2}, Title: "example"},
	})
	if err != nil {
		panic(err)
	}
	id := created.GetGame().GetGameId()
	fmt.Println(created.GetGame().GetStatus(), len(created.GetGame().GetSeedCommitment()), "byte commitment")

	joined, err := client.JoinGame(ctx, &moonshinev1.JoinGameRequest{GameId: id, Name: "Nucky"})
	if err != nil {
		panic(err)
	}
	key, value := auth.Credentials(joined.GetCredential()) // "authorization", "Bearer <token>"
	seatCtx := metadata.AppendToOutgoingContext(ctx, key, value)
	view, err := client.GetView(seatCtx, &moonshinev1.GetViewRequest{GameId: id})
	if err != nil {
		panic(err)
	}
	fmt.Println("seat", joined.GetSeat(), "viewer", view.GetView().GetViewer().GetPerspective(), "status", view.GetView().GetInfo().GetStatus())
	// Output:
	// GAME_STATUS_OPEN 32 byte commitment
	// seat 0 viewer PERSPECTIVE_SEAT status GAME_STATUS_ACTIVE
}
