package pgn

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// checkParams fails unless e's code is declared by Codes and its
// parameters are exactly the declared ones.
func checkParams(t *testing.T, e *Error) {
	t.Helper()
	for _, c := range Codes() {
		if c.Code == e.Code {
			got := slices.Sorted(maps.Keys(e.ErrorParams()))
			if want := slices.Sorted(slices.Values(c.Params)); !slices.Equal(got, want) {
				t.Fatalf("%v: code %s has parameters %v, declared %v", e, e.Code, got, want)
			}
			return
		}
	}
	t.Fatalf("%v: undeclared code %q", e, e.Code)
}

// FuzzReader checks that the reader never panics nor loops, that its errors
// are well formed, and that every game it reads is read back the same after
// Write (see roundTrip).
func FuzzReader(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.pgn")
	for _, file := range files {
		b, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	for _, s := range []string{
		"", "*", "1. e4 (1. d4 (1. c4) d5) e5 *", "1. e4 {c} $1 ; x }\n!? *",
		"[Event \"a\\\"b\"] [FEN \"8/8/8/8/8/8/8/K1k5 w - - 0 1\"] 1. Kb1 1-0",
		"1. e4 {[%clk 0:00:01.5] x [%clk 1:00:00]} *", "((((", "1. e4 )\n\n[Event \"x\"] *",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, skip := range []bool{false, true} {
			r := NewReader(bytes.NewReader(data))
			r.SkipVariations = skip
			for calls := 0; ; calls++ {
				if calls > len(data)+1 {
					t.Fatalf("%d calls to Next without io.EOF", calls)
				}
				g, err := r.Next()
				if err == io.EOF {
					break
				}
				if err != nil {
					var e *Error
					if !errors.As(err, &e) {
						t.Fatalf("error %v is not an *Error", err)
					}
					if e.Game < 1 || e.Line < 1 || e.Column < 1 || e.Err == nil {
						t.Fatalf("malformed error %#v", e)
					}
					checkParams(t, e)
					continue
				}
				roundTrip(t, g)
			}
		}
	})
}

// hostileInputs are inputs built to be slow for careless code: each has
// about 100 000 repetitions of what a quadratic reader would rescan.
func hostileInputs() map[string]string {
	const n = 100_000
	return map[string]string{
		"many tags": strings.Repeat("[A \"x\"]\n", n/2) + strings.Repeat("[B"+"\"x\"] ", 1) + "*",
		"many distinct tags": func() string {
			var sb strings.Builder
			for i := range n / 4 {
				fmt.Fprintf(&sb, "[T%d \"x\"]\n", i)
			}
			return sb.String() + "1. e4 *"
		}(),
		"many clock commands":   "1. e4 {" + strings.Repeat("[%clk ", n) + "]} *",
		"many brackets":         "1. e4 {" + strings.Repeat("[ ", n) + "} *",
		"many NAGs":             "1. e4 " + strings.Repeat("$1 ", n) + "*",
		"many comments":         "1. e4 " + strings.Repeat("{c} ", n) + "*",
		"long line of moves":    strings.Repeat("1. Nf3 Nf6 2. Ng1 Ng8 ", n/8) + "*",
		"deep parentheses":      "1. e4 " + strings.Repeat("(", n) + strings.Repeat(")", n) + " *",
		"many games":            strings.Repeat("* ", n),
		"many broken games":     strings.Repeat("\n\n[Event \"x\"] )", n/8),
		"long unclosed comment": "1. e4 {" + strings.Repeat("x\n", n),
	}
}

// readAndWrite reads every game of in, with and without variations, and
// writes back each one read.
func readAndWrite(in string) error {
	for _, skip := range []bool{false, true} {
		r := NewReader(strings.NewReader(in))
		r.SkipVariations = skip
		for {
			g, err := r.Next()
			if err == io.EOF {
				break
			}
			if err == nil {
				if err := Write(io.Discard, g); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// TestHostileInputs reads and writes the hostile inputs to their end. How
// long each takes is BenchmarkHostileInputs's figure, not this test's: the
// test only guards against a reader that never finishes (a minute, where
// the slowest takes about a second on one idle core).
func TestHostileInputs(t *testing.T) {
	if testing.Short() {
		t.Skip("slow under the race detector")
	}
	for name, in := range hostileInputs() {
		t.Run(name, func(t *testing.T) {
			done := make(chan error, 1)
			go func() { done <- readAndWrite(in) }()
			select {
			case err := <-done:
				if err != nil {
					t.Fatal(err)
				}
			case <-time.After(time.Minute):
				t.Fatal("not read within a minute: the reader does not get through it")
			}
		})
	}
}

// BenchmarkHostileInputs measures the reading and writing of each hostile
// input per byte: a figure that grows with the input's size is a reader
// that is not linear.
func BenchmarkHostileInputs(b *testing.B) {
	for name, in := range hostileInputs() {
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(in)))
			for b.Loop() {
				if err := readAndWrite(in); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
