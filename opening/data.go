package opening

import (
	"bufio"
	"embed"
	"fmt"
	"io/fs"
	"strings"
	"sync"

	"github.com/joinpal/joinpal/chess"
)

//go:embed data/*.tsv
var dataFS embed.FS

// book is the parsed data: each named position by its EPD, and how many
// plies deep the deepest lies.
type book struct {
	byEPD  map[string]Opening
	maxPly int
	count  int
}

var (
	loadOnce sync.Once
	theBook  *book
	loadErr  error
)

// loaded returns the data, parsed on first use. The data is embedded and
// checked by the package's tests, so a failure is a build defect: it
// panics.
func loaded() *book {
	loadOnce.Do(func() { theBook, loadErr = parseAll(dataFS) })
	if loadErr != nil {
		panic(loadErr)
	}
	return theBook
}

// Count returns the number of named openings in the data.
func Count() int { return loaded().count }

// parseAll reads every data/*.tsv file of fsys.
func parseAll(fsys fs.FS) (*book, error) {
	files, err := fs.Glob(fsys, "data/*.tsv")
	if err != nil {
		return nil, fmt.Errorf("opening: %w", err)
	}
	b := &book{byEPD: make(map[string]Opening, 4096)}
	for _, name := range files {
		data, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, fmt.Errorf("opening: %w", err)
		}
		if err := b.parse(name, string(data)); err != nil {
			return nil, err
		}
	}
	return b, nil
}

// parse reads one TSV file: a header "eco name pgn", then one opening a
// line. A position named twice keeps its first name, as the data's
// authors' own tools do.
func (b *book) parse(file, data string) error {
	sc := bufio.NewScanner(strings.NewReader(data))
	line := 0
	for sc.Scan() {
		line++
		text := sc.Text()
		if line == 1 || text == "" {
			continue
		}
		o, pos, plies, err := parseLine(text)
		if err != nil {
			return fmt.Errorf("opening: %s:%d: %w", file, line, err)
		}
		b.count++
		b.maxPly = max(b.maxPly, plies)
		if _, dup := b.byEPD[EPD(&pos)]; !dup {
			b.byEPD[EPD(&pos)] = o
		}
	}
	return sc.Err()
}

// parseLine reads "eco<TAB>name<TAB>pgn" and plays the line's moves.
func parseLine(text string) (Opening, chess.Position, int, error) {
	f := strings.Split(text, "\t")
	if len(f) != 3 {
		return Opening{}, chess.Position{}, 0, fmt.Errorf("want 3 fields, got %d", len(f))
	}
	o := Opening{ECO: f[0], Name: f[1]}
	o.Family, o.Variation = splitName(o.Name)
	pos := chess.StartingPosition()
	plies := 0
	for _, tok := range strings.Fields(f[2]) {
		if strings.HasSuffix(tok, ".") { // a move number
			continue
		}
		m, err := pos.ParseSAN(tok)
		if err != nil {
			return o, pos, plies, fmt.Errorf("%s: %w", tok, err)
		}
		pos.PlayUnchecked(m)
		plies++
	}
	return o, pos, plies, nil
}
