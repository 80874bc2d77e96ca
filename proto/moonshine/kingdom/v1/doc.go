// Package kingdomv1 is the generated Go for Moonshine Kingdom's messages,
// protobuf package moonshine.kingdom.v1: options, commands, event bodies and
// views of engine/kingdom. Generated from kingdom.proto by `buf generate`;
// edit the .proto file, not the .pb.go file.
package kingdomv1
