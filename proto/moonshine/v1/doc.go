// Package moonshinev1 is the generated Go for the platform contract,
// protobuf package moonshine.v1: the GameService and the envelopes that
// carry each game's typed messages. It is generated from game.proto and
// game_service.proto by `buf generate` (see proto/buf.gen.yaml); edit the
// .proto files, not the .pb.go files.
package moonshinev1
