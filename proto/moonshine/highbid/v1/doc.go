// Package highbidv1 is the generated Go for High Bid, protobuf package
// moonshine.highbid.v1: the toy game of the engine kit's worked example
// (engine/example_kit_test.go), which the service does not host.
// Generated from highbid.proto by `buf generate`; edit the .proto file, not
// the .pb.go file.
package highbidv1
