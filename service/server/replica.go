package server

import (
	"context"

	"github.com/moonshine-games/moonshine/service/eventstore"
	"google.golang.org/grpc"
)

// replicaMethods are the calls whose reads a read replica may serve
// (eventstore.WithReplica): the history (the auditor's complete one
// too), the view at an event and the lobby's listing.
var replicaMethods = map[string]bool{
	"/moonshine.v1.GameService/GetHistory": true,
	"/moonshine.v1.GameService/GetViewAt":  true,
	"/moonshine.v1.GameService/ListGames":  true,
}

// replicaReads marks the reads of the calls in replicaMethods as ones a
// replica may serve. Without a replica the mark changes nothing.
func replicaReads(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
	if replicaMethods[info.FullMethod] {
		ctx = eventstore.PreferReplica(ctx)
	}
	return handler(ctx, req)
}
