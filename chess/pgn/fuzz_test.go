package pgn

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"
)

var codes = map[string]bool{
	CodeSyntax: true, CodeIllegalMove: true, CodeAmbiguousMove: true,
	CodeBadFEN: true, CodeUnsupportedVariant: true,
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
					if e.Game < 1 || e.Line < 1 || e.Column < 1 || !codes[e.Code] || e.Err == nil {
						t.Fatalf("malformed error %#v", e)
					}
					continue
				}
				roundTrip(t, g)
			}
		}
	})
}
