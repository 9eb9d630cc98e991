package main

import (
	"errors"
	"strings"
	"testing"
)

func TestSubcommandParse(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		maxArgs int
		code    int
		ok      bool
		stderr  string
	}{
		{"flags and no argument", []string{"--n", "3"}, 0, exitOK, true, ""},
		{"help", []string{"-h"}, 0, exitOK, false, "Usage: joinpal demo"},
		{"bad flag", []string{"--nope"}, 0, exitUsage, false, "flag provided but not defined: -nope"},
		{"bad value", []string{"--n", "x"}, 0, exitUsage, false, `invalid value "x"`},
		{"unexpected argument", []string{"extra"}, 0, exitUsage, false, `joinpal demo: unexpected argument "extra"`},
		{"one argument allowed", []string{"a"}, 1, exitOK, true, ""},
		{"two given, one allowed", []string{"a", "b"}, 1, exitUsage, false, "joinpal demo: at most one argument, not 2"},
		{"three given, two allowed", []string{"a", "b", "c"}, 2, exitUsage, false, "joinpal demo: at most 2 arguments, not 3"},
		{"any number", []string{"a", "b", "c"}, anyArgs, exitOK, true, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var stderr strings.Builder
			fs := newSubcommand("demo", "Usage: joinpal demo [--n N]", &stderr)
			fs.Int("n", 1, "a number")
			code, ok := fs.parse(tc.args, tc.maxArgs)
			if code != tc.code || ok != tc.ok || !strings.Contains(stderr.String(), tc.stderr) || (tc.stderr == "" && stderr.Len() > 0) {
				t.Fatalf("%d %v, stderr %q; want %d %v and %q", code, ok, stderr.String(), tc.code, tc.ok, tc.stderr)
			}
		})
	}
}

func TestSubcommandErrors(t *testing.T) {
	var stderr strings.Builder
	fs := newSubcommand("match", "", &stderr)
	if code := fs.fail(errors.New(`match: clock "x": bad`)); code != exitFailure {
		t.Errorf("fail returned %d", code)
	}
	if code := fs.usageError("--games must be at least %d", 1); code != exitUsage {
		t.Errorf("usageError returned %d", code)
	}
	if code := fs.fail(errors.New("strength: no anchor")); code != exitFailure {
		t.Errorf("fail returned %d", code)
	}
	want := "joinpal match: clock \"x\": bad\njoinpal match: --games must be at least 1\njoinpal match: strength: no anchor\n"
	if stderr.String() != want {
		t.Errorf("stderr %q, want %q", stderr.String(), want)
	}
}
