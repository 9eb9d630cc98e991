// Package web holds JoinPal's browser interface, built by build.mjs (npm
// run build, run by make build) from the TypeScript in src/ and the styles
// in style/ into dist/, which this package embeds so that the binary serves
// the interface on its own. The server's page shell (server/pages.go) reads
// the [Manifest] to name the bundle's hashed files, and serves [Assets].
//
// A binary built before the bundle (dist/ holds only .keep) still runs: its
// pages say that the interface was not built, and how to build it.
package web
