package tournament

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Report is the header of a FIDE Tournament Report File (TRF-16, FIDE
// Handbook C.04 Annex 2): the lines 012 to 122, and XXR, the number of
// rounds the pairing programs read. Dates are written as the organiser
// gives them (TRF uses YYYY/MM/DD).
type Report struct {
	Name          string // 012
	City          string // 022
	Federation    string // 032
	Start, End    string // 042, 052
	Type          string // 092
	ChiefArbiter  string // 102
	DeputyArbiter string // 112
	TimeControl   string // 122
	Rounds        int    // XXR; 0 writes no XXR line
}

// TRF-16's player line (001): where each field starts (1-based columns)
// and how wide it is.
const (
	trfNumberAt  = 5  // starting rank, 4 wide
	trfNameAt    = 15 // 33 wide
	trfNameWidth = 33
	trfRatingAt  = 49 // 4 wide
	trfPointsAt  = 81 // 4 wide, "%4.1f"
	trfRankAt    = 86 // 4 wide
	trfRoundsAt  = 92 // then 10 a round: opponent (4), colour, result
	trfRoundW    = 10
	trfMaxRounds = 999
)

// trfCode is the result letter of TRF-16 for one side of a game.
func trfCode(r Result, white bool) byte {
	switch r {
	case WhiteWins:
		return "01"[b2i(white)]
	case BlackWins:
		return "10"[b2i(white)]
	case Drawn:
		return '='
	case WhiteWinsByForfeit:
		return "-+"[b2i(white)]
	case BlackWinsByForfeit:
		return "+-"[b2i(white)]
	case DoubleForfeit:
		return '-'
	case PairingBye:
		return 'U'
	case HalfPointBye:
		return 'H'
	case ZeroPointBye:
		return 'Z'
	}
	return ' '
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// trfText makes a header value or a name one line of printable text.
func trfText(s string) string {
	return strings.TrimSpace(strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f || r == utf8.RuneError {
			return ' '
		}
		return r
	}, strings.ToValidUTF8(s, "?")))
}

// WriteTRF writes the tournament as a TRF-16 file: the header lines that
// rep fills, then a 001 line per player by pairing number with its name
// (cut to 33 characters), rating, points, rank (by [Standings] under
// rules) and a block per round: the opponent's number (0000 for a bye),
// the colour (w, b, or - without a game) and the result (1 = 0, + and -
// for forfeits, U for the pairing-allocated bye, H and Z for a half-point
// and a zero-point bye, blank for a game not decided). A round in which a
// player has no game at all is written as a zero-point bye (Z). It fails
// as Standings does, and on a round above 999 or a player number above
// 9999.
func WriteTRF(w io.Writer, rep Report, players []Player, games []Game, rules Rules) error {
	st, err := Standings(players, games, rules)
	if err != nil {
		return err
	}
	last := 0
	for _, g := range games {
		last = max(last, g.Round)
	}
	if last > trfMaxRounds {
		return fmt.Errorf("tournament: TRF holds %d rounds, not %d", trfMaxRounds, last)
	}
	type block struct {
		opp    int
		colour byte
		code   byte
	}
	blocks := map[int][]block{}
	for _, p := range players {
		if p.Number > 9999 {
			return fmt.Errorf("tournament: TRF numbers players up to 9999, not %d", p.Number)
		}
		bs := make([]block, last)
		for r := range bs {
			bs[r] = block{0, '-', 'Z'}
		}
		blocks[p.Number] = bs
	}
	for _, g := range games {
		if g.Black == Bye {
			blocks[g.White][g.Round-1] = block{0, '-', trfCode(g.Result, true)}
			continue
		}
		blocks[g.White][g.Round-1] = block{g.Black, 'w', trfCode(g.Result, true)}
		blocks[g.Black][g.Round-1] = block{g.White, 'b', trfCode(g.Result, false)}
	}
	bw := bufio.NewWriter(w)
	for _, h := range []struct {
		code, v string
	}{
		{"012", rep.Name}, {"022", rep.City}, {"032", rep.Federation}, {"042", rep.Start}, {"052", rep.End},
		{"062", strconv.Itoa(len(players))}, {"092", rep.Type}, {"102", rep.ChiefArbiter},
		{"112", rep.DeputyArbiter}, {"122", rep.TimeControl},
	} {
		if v := trfText(h.v); v != "" {
			fmt.Fprintf(bw, "%s %s\n", h.code, v)
		}
	}
	if rep.Rounds > 0 {
		fmt.Fprintf(bw, "XXR %d\n", rep.Rounds)
	}
	byNum := slices.Clone(st)
	slices.SortFunc(byNum, func(a, b Standing) int { return a.Player.Number - b.Player.Number })
	for _, s := range byNum {
		line := []rune(strings.Repeat(" ", trfRoundsAt-1+trfRoundW*last))
		put := func(at int, v string, width int, right bool) {
			r := []rune(v)
			if len(r) > width {
				r = r[:width]
			}
			off := at - 1
			if right {
				off += width - len(r)
			}
			copy(line[off:], r)
		}
		put(1, "001", 3, false)
		put(trfNumberAt, strconv.Itoa(s.Player.Number), 4, true)
		put(trfNameAt, trfText(s.Player.Name), trfNameWidth, false)
		if r := s.Player.Rating; r > 0 && r <= 9999 {
			put(trfRatingAt, strconv.Itoa(r), 4, true)
		}
		put(trfPointsAt, strconv.FormatFloat(s.Points.Float(), 'f', 1, 64), 4, true)
		put(trfRankAt, strconv.Itoa(s.Rank), 4, true)
		for r, b := range blocks[s.Player.Number] {
			at := trfRoundsAt + trfRoundW*r
			put(at, fmt.Sprintf("%04d", b.opp), 4, false)
			line[at+4] = rune(b.colour)
			line[at+6] = rune(b.code)
		}
		bw.WriteString(strings.TrimRight(string(line), " ") + "\n")
	}
	return bw.Flush()
}

// ParseTRF reads what [WriteTRF] writes, and TRF-16 files like it: the
// header lines Report holds (others are skipped) and the 001 lines, from
// which it takes each player's number, name and rating and the rounds'
// games. A game is read from both players' lines and must agree; a bye
// (opponent 0000) with U, H, Z or a blank result. The points and ranks of
// the file are not read: [Standings] computes them. Errors carry the
// "tournament: " prefix and the line number.
func ParseTRF(data []byte) (Report, []Player, []Game, error) {
	var rep Report
	var players []Player
	type block struct {
		opp    int
		colour byte
		code   byte
	}
	rounds := map[int][]block{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	n := 0
	for sc.Scan() {
		n++
		text := strings.TrimRight(sc.Text(), "\r")
		if !utf8.ValidString(text) {
			return rep, nil, nil, fmt.Errorf("tournament: TRF line %d is not UTF-8", n)
		}
		if len(text) < 3 {
			continue
		}
		val := ""
		if len(text) > 4 {
			val = strings.TrimSpace(text[4:])
		}
		switch text[:3] {
		case "012":
			rep.Name = val
		case "022":
			rep.City = val
		case "032":
			rep.Federation = val
		case "042":
			rep.Start = val
		case "052":
			rep.End = val
		case "092":
			rep.Type = val
		case "102":
			rep.ChiefArbiter = val
		case "112":
			rep.DeputyArbiter = val
		case "122":
			rep.TimeControl = val
		case "XXR":
			r, err := strconv.Atoi(val)
			if err != nil || r < 1 || r > trfMaxRounds {
				return rep, nil, nil, fmt.Errorf("tournament: TRF line %d: bad XXR %q", n, val)
			}
			rep.Rounds = r
		case "001":
			line := []rune(text)
			field := func(at, width int) string {
				from, to := at-1, at-1+width
				if from >= len(line) {
					return ""
				}
				return strings.TrimSpace(string(line[from:min(to, len(line))]))
			}
			num, err := strconv.Atoi(field(trfNumberAt, 4))
			if err != nil || num < 1 {
				return rep, nil, nil, fmt.Errorf("tournament: TRF line %d: bad starting rank %q", n, field(trfNumberAt, 4))
			}
			if _, dup := rounds[num]; dup {
				return rep, nil, nil, fmt.Errorf("tournament: TRF line %d: starting rank %d given twice", n, num)
			}
			p := Player{Number: num, Name: field(trfNameAt, trfNameWidth)}
			if s := field(trfRatingAt, 4); s != "" {
				if p.Rating, err = strconv.Atoi(s); err != nil || p.Rating < 0 {
					return rep, nil, nil, fmt.Errorf("tournament: TRF line %d: bad rating %q", n, s)
				}
			}
			var bs []block
			for at := trfRoundsAt; at <= len(line); at += trfRoundW {
				if len(bs) >= trfMaxRounds {
					return rep, nil, nil, fmt.Errorf("tournament: TRF line %d: more than %d rounds", n, trfMaxRounds)
				}
				opp := field(at, 4)
				b := block{colour: ' ', code: ' '}
				if at+4 < len(line) {
					b.colour = byte(min(line[at+4], 0x7f))
				}
				if at+6 < len(line) {
					b.code = byte(min(line[at+6], 0x7f))
				}
				if opp == "" && b.colour == ' ' && b.code == ' ' {
					bs = append(bs, block{opp: -1})
					continue
				}
				o, err := strconv.Atoi(opp)
				if err != nil || o < 0 || len(opp) != 4 {
					return rep, nil, nil, fmt.Errorf("tournament: TRF line %d, round %d: bad opponent %q", n, len(bs)+1, opp)
				}
				b.opp = o
				bs = append(bs, b)
			}
			rounds[num] = bs
			players = append(players, p)
		}
	}
	if err := sc.Err(); err != nil {
		return rep, nil, nil, fmt.Errorf("tournament: reading TRF: %w", err)
	}
	var games []Game
	for _, p := range players {
		for r, b := range rounds[p.Number] {
			bad := func(why string) error {
				return fmt.Errorf("tournament: TRF player %d, round %d: %s", p.Number, r+1, why)
			}
			switch {
			case b.opp == -1:
				continue
			case b.opp == 0:
				if b.colour != '-' && b.colour != ' ' {
					return rep, nil, nil, bad("a bye with a colour")
				}
				res, ok := map[byte]Result{'U': PairingBye, 'H': HalfPointBye, 'Z': ZeroPointBye, ' ': Pending}[b.code]
				if !ok {
					return rep, nil, nil, bad(fmt.Sprintf("bye result %q", b.code))
				}
				games = append(games, Game{r + 1, p.Number, Bye, res})
				continue
			}
			ob := rounds[b.opp]
			if r >= len(ob) || ob[r].opp != p.Number {
				return rep, nil, nil, bad(fmt.Sprintf("opponent %d's line does not name it", b.opp))
			}
			o := ob[r]
			if b.colour == 'b' && o.colour == 'w' {
				continue // read from White's line
			}
			if b.colour != 'w' || o.colour != 'b' {
				return rep, nil, nil, bad("colours do not make one White and one Black")
			}
			res, ok := map[[2]byte]Result{
				{'1', '0'}: WhiteWins, {'=', '='}: Drawn, {'0', '1'}: BlackWins,
				{'W', 'L'}: WhiteWins, {'D', 'D'}: Drawn, {'L', 'W'}: BlackWins,
				{'+', '-'}: WhiteWinsByForfeit, {'-', '+'}: BlackWinsByForfeit,
				{'-', '-'}: DoubleForfeit, {' ', ' '}: Pending,
			}[[2]byte{b.code, o.code}]
			if !ok {
				return rep, nil, nil, bad(fmt.Sprintf("results %q and %q do not fit", b.code, o.code))
			}
			games = append(games, Game{r + 1, p.Number, b.opp, res})
		}
	}
	return rep, players, games, nil
}
