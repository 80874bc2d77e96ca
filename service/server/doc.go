// Package server wires the Moonshine gRPC server: the event store, the game
// service with its interceptors and limits, gRPC health and reflection, and
// graceful shutdown.
//
// It sits between cmd/moonshined (flags and signals) and service/gameservice.
// Tests start the real server on a loopback port with [New], [Server.Serve]
// and [Server.Shutdown]:
//
//	srv, err := server.New(ctx, server.Config{Store: memstore.New()})
//	lis, _ := net.Listen("tcp", "127.0.0.1:0")
//	go srv.Serve(lis)
//	defer srv.Shutdown(context.Background())
package server
