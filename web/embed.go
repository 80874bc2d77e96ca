// Package web holds the browser app that moonshined serves at "/": a
// lobby, a table per game and a replay viewer, written in TypeScript
// under web/src and built by Vite into web/dist, which is committed and
// embedded here so that the server needs no Node to run. Rebuild it with
// `npm run build -w web` (see web/README.md); CI checks that the
// committed bundle is what the sources build.
package web

import (
	"embed"
	"io/fs"
)

//go:embed dist
var dist embed.FS

// Assets returns the built app: index.html and its assets.
func Assets() fs.FS {
	sub, err := fs.Sub(dist, "dist")
	if err != nil {
		panic(err) // the embedded tree always holds dist
	}
	return sub
}
