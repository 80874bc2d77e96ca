// Package visibilityv1 is the generated Go for the declared visibility of
// view fields, protobuf package moonshine.visibility.v1: the field option
// that names each view field's audience, which engine/playtest's
// visibility test walks. Generated from visibility.proto by `buf
// generate`; edit the .proto file, not the .pb.go file.
package visibilityv1
