// Package kingdomv1 is the generated Go for Moonshine Kingdom's messages,
// protobuf package moonshine.kingdom.v1: options, commands, event bodies and
// views of engine/moonshine. Generated from kingdom.proto by `buf generate`;
// edit the .proto file, not the .pb.go file.
package kingdomv1
