// Package boozebaronsv1 is the generated Go for Booze Barons' messages,
// protobuf package moonshine.boozebarons.v1: options, commands, event bodies
// and views of engine/boozebarons, and its printed data (Board). Generated
// from boozebarons.proto and board.proto by `buf generate`; edit the .proto
// files, not the .pb.go files.
package boozebaronsv1
