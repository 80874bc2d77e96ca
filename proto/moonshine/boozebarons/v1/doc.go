// Package boozebaronsv1 is the generated Go for Booze Barons' messages,
// protobuf package moonshine.boozebarons.v1: options, commands, event bodies
// and views of engine/boozebarons. Generated from boozebarons.proto by
// `buf generate`; edit the .proto file, not the .pb.go file.
package boozebaronsv1
