package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// progressLog opens the file that keeps the progress of the nth run
// (from 0) of a server on a store in a scenario, in dir: named after
// them, as postgres-9900games-joinpal-1.log. With dir empty the progress
// is discarded. done closes the file.
func progressLog(dir string, which int, store string, sc scenario, nth int) (w io.Writer, done func(), err error) {
	if dir == "" {
		return io.Discard, func() {}, nil
	}
	name := fmt.Sprintf("%s-%dgames-%s-%d.log", store, sc.games, strings.ToLower(serverNames[which]), nth+1)
	f, err := os.Create(filepath.Join(dir, name))
	if err != nil {
		return nil, nil, fmt.Errorf("servercompare: the run's progress: %w", err)
	}
	return f, func() { _ = f.Close() }, nil
}

// checkProgressDir refuses a -progress that is not a directory, before
// any run begins.
func checkProgressDir(dir string) error {
	if dir == "" {
		return nil
	}
	fi, err := os.Stat(dir)
	if err != nil {
		return fmt.Errorf("servercompare: -progress: %w", err)
	}
	if !fi.IsDir() {
		return fmt.Errorf("servercompare: -progress: %s is not a directory", dir)
	}
	return nil
}
