module github.com/moonshine-games/moonshine

go 1.26.8

require google.golang.org/protobuf v1.36.6 // indirect
