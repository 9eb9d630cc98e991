package web

import (
	"embed"
	"encoding/json"
	"io/fs"
	"os"
)

//go:embed all:dist
var embedded embed.FS

// DirEnv names the environment variable that, when set, makes the binary
// serve the bundle from that folder (the output of `node build.mjs --out
// DIR`) instead of the embedded one: for working on the interface without
// rebuilding the binary, and for tests that build bundles side by side.
const DirEnv = "JOINPAL_WEB_DIR"

// dist is the bundle's root: the embedded dist/, or $JOINPAL_WEB_DIR.
var dist = func() fs.FS {
	if dir := os.Getenv(DirEnv); dir != "" {
		return os.DirFS(dir)
	}
	sub, err := fs.Sub(embedded, "dist")
	if err != nil {
		panic(err) // fs.Sub fails only on an invalid path
	}
	return sub
}()

// Manifest names the bundle's entry points by their content-hashed URLs.
type Manifest struct {
	// JS is the URL of the interface's entry module ("/assets/app-XXXX.js").
	JS string `json:"js"`
	// CSS is the URL of its stylesheet.
	CSS string `json:"css"`
}

// ReadManifest returns the bundle's manifest, and false when the bundle was
// not built into this binary.
func ReadManifest() (Manifest, bool) {
	data, err := fs.ReadFile(dist, "manifest.json")
	if err != nil {
		return Manifest{}, false
	}
	var m Manifest
	if json.Unmarshal(data, &m) != nil || m.JS == "" || m.CSS == "" {
		return Manifest{}, false
	}
	return m, true
}

// Assets returns the bundle's files as served under /assets/: each file,
// and beside it its .gz and .br copies.
func Assets() fs.FS {
	sub, err := fs.Sub(dist, "assets")
	if err != nil {
		panic(err) // fs.Sub fails only on an invalid path
	}
	return sub
}
