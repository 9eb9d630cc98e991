package server

import (
	"strconv"
	"testing"
)

// TestOpeningCacheBounded: the cache of finished games' openings keeps
// what it is given, and empties itself rather than grow past its bound.
func TestOpeningCacheBounded(t *testing.T) {
	var c openingCache
	if _, ok := c.get("g0"); ok {
		t.Fatal("an empty cache has g0")
	}
	sicilian := &openingJSON{ECO: "B20", Name: "Sicilian Defense"}
	for i := range maxOpeningCache {
		c.put("g"+strconv.Itoa(i), sicilian)
	}
	c.put("none", nil) // a game with no named position is kept too
	if o, ok := c.get("none"); !ok || o != nil {
		t.Fatalf("get(none) = %v, %v", o, ok)
	}
	if _, ok := c.get("g0"); ok {
		t.Error("the cache grew past its bound")
	}
	if n := len(c.byID); n != 1 {
		t.Errorf("%d entries after the reset, want 1", n)
	}
}
