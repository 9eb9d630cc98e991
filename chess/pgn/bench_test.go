package pgn

import (
	"bytes"
	"io"
	"os"
	"testing"
)

// benchInput is the sample files repeated to about a megabyte.
func benchInput(b *testing.B) ([]byte, int) {
	var one []byte
	for _, f := range []string{"annotated", "fischer-spassky", "lichess", "fen"} {
		data, err := os.ReadFile("testdata/" + f + ".pgn")
		if err != nil {
			b.Fatal(err)
		}
		one = append(append(one, data...), '\n')
	}
	n := 1<<20/len(one) + 1
	return bytes.Repeat(one, n), 8 * n
}

func BenchmarkReaderNext(b *testing.B) {
	data, games := benchInput(b)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		r := NewReader(bytes.NewReader(data))
		n := 0
		for {
			_, err := r.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
			n++
		}
		if n != games {
			b.Fatalf("%d games, want %d", n, games)
		}
	}
	b.ReportMetric(float64(games*b.N)/b.Elapsed().Seconds(), "games/s")
}

func BenchmarkReaderNextRaw(b *testing.B) {
	data, _ := benchInput(b)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		r := NewReader(bytes.NewReader(data))
		for {
			_, err := r.NextRaw()
			if err == io.EOF {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
		}
	}
}

func BenchmarkWrite(b *testing.B) {
	data, _ := benchInput(b)
	r := NewReader(bytes.NewReader(data))
	var games []*Game
	for {
		g, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			b.Fatal(err)
		}
		games = append(games, g)
	}
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		for _, g := range games {
			if err := Write(io.Discard, g); err != nil {
				b.Fatal(err)
			}
		}
	}
}
