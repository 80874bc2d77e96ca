// Package bootleggersv1 is the generated Go for Bootleggers' messages,
// protobuf package moonshine.bootleggers.v1: options, commands, event bodies
// and views of engine/bootleggers, with the shared vocabulary in board.proto.
// Generated from the .proto files by `buf generate`; edit those, not the
// .pb.go files.
package bootleggersv1
