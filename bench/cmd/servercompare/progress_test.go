package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestProgressLog(t *testing.T) {
	sc := scenario{games: 9900, duration: time.Minute, think: 5 * time.Second}
	w, closeLog, err := progressLog("", 0, "postgres", sc, 0)
	if err != nil || w != io.Discard {
		t.Fatalf("no dir: %v, %v; want io.Discard", w, err)
	}
	closeLog()

	dir := t.TempDir()
	for _, tc := range []struct {
		which int
		store string
		nth   int
		want  string
	}{
		{0, "postgres", 0, "postgres-9900games-joinpal-1.log"},
		{1, "sqlite", 2, "sqlite-9900games-bare-3.log"},
	} {
		w, closeLog, err := progressLog(dir, tc.which, tc.store, sc, tc.nth)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintln(w, "wsload: 1s")
		closeLog()
		b, err := os.ReadFile(filepath.Join(dir, tc.want))
		if err != nil || string(b) != "wsload: 1s\n" {
			t.Errorf("%s: %q, %v", tc.want, b, err)
		}
	}

	if _, _, err := progressLog(filepath.Join(dir, "missing"), 0, "sqlite", sc, 0); err == nil {
		t.Error("a missing directory: no error")
	}

	for _, bad := range []string{filepath.Join(dir, "missing"), filepath.Join(dir, "sqlite-9900games-bare-3.log")} {
		if err := checkProgressDir(bad); err == nil {
			t.Errorf("checkProgressDir(%s): no error", bad)
		}
	}
	for _, good := range []string{"", dir} {
		if err := checkProgressDir(good); err != nil {
			t.Errorf("checkProgressDir(%q): %v", good, err)
		}
	}
}

func TestProgressFlagRefused(t *testing.T) {
	var stderr strings.Builder
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if code := run([]string{"-bare", "x", "-progress", file}, io.Discard, &stderr); code != 2 {
		t.Errorf("run with -progress a file: code %d, want 2", code)
	}
	if !strings.Contains(stderr.String(), "not a directory") {
		t.Errorf("stderr %q does not say why", stderr.String())
	}
}

// TestGenGCPercentRefused: a -gen-gc-percent below -1 is a usage error,
// refused before any run.
func TestGenGCPercentRefused(t *testing.T) {
	var stderr strings.Builder
	if code := run([]string{"-bare", "x", "-gen-gc-percent", "-2"}, io.Discard, &stderr); code != 2 {
		t.Errorf("run with -gen-gc-percent -2: code %d, want 2", code)
	}
	if !strings.Contains(stderr.String(), "-gen-gc-percent") {
		t.Errorf("stderr %q does not say why", stderr.String())
	}
}
