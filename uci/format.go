package uci

import (
	"strconv"
	"strings"
	"time"

	"github.com/joinpal/joinpal/chess"
)

// FormatInfo writes info as an info line ("info depth 12 ... pv e2e4 e7e5"),
// the moves of the principal variation in UCI notation from pos. A PV is cut
// at its first move that is not legal. An Info with only String set becomes
// "info string ...".
func FormatInfo(pos chess.Position, info Info) string {
	var b strings.Builder
	b.WriteString("info")
	num := func(name string, v int64) {
		b.WriteString(" ")
		b.WriteString(name)
		b.WriteString(" ")
		b.WriteString(strconv.FormatInt(v, 10))
	}
	if info.Depth > 0 {
		num("depth", int64(info.Depth))
	}
	if info.SelDepth > 0 {
		num("seldepth", int64(info.SelDepth))
	}
	if info.MultiPV > 0 {
		num("multipv", int64(info.MultiPV))
	}
	if info.HasScore {
		if info.Score.Mate != 0 {
			num("score mate", int64(info.Score.Mate))
		} else {
			num("score cp", int64(info.Score.CP))
		}
		if info.Score.Lowerbound {
			b.WriteString(" lowerbound")
		} else if info.Score.Upperbound {
			b.WriteString(" upperbound")
		}
	}
	if info.CurrMove != chess.NullMove && pos.IsLegal(info.CurrMove) {
		b.WriteString(" currmove ")
		b.WriteString(pos.UCI(info.CurrMove))
		if info.CurrMoveNumber > 0 {
			num("currmovenumber", int64(info.CurrMoveNumber))
		}
	}
	if info.Depth > 0 || info.Nodes > 0 {
		num("nodes", int64(info.Nodes))
		num("nps", int64(info.NPS))
		num("time", info.Time.Milliseconds())
		num("hashfull", int64(info.HashFull))
	}
	if pv := FormatMoves(pos, info.PV); pv != "" {
		b.WriteString(" pv ")
		b.WriteString(pv)
	}
	if info.String != "" {
		b.WriteString(" string ")
		b.WriteString(oneLine(info.String))
	}
	return b.String()
}

// FormatMoves writes moves, played one after another from pos, in UCI
// notation separated by spaces, stopping at the first move that is not
// legal.
func FormatMoves(pos chess.Position, moves []chess.Move) string {
	var b strings.Builder
	for i, m := range moves {
		if !pos.IsLegal(m) {
			break
		}
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(pos.UCI(m))
		pos.PlayUnchecked(m)
	}
	return b.String()
}

// oneLine replaces line breaks, which would end a protocol line, by spaces.
func oneLine(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '\n' || r == '\r' {
			return ' '
		}
		return r
	}, s)
}

// ParseInfo reads the fields of an info line (after the word "info"), the
// moves of its PV and currmove read in pos. It is lenient, as a client must
// be: unknown fields are skipped, bad numbers are left zero, and a PV stops
// at its first move that is not legal.
func ParseInfo(pos chess.Position, fields []string) Info {
	var info Info
	next := func(i *int) string {
		if *i+1 < len(fields) {
			*i++
			return fields[*i]
		}
		return ""
	}
	atoi := func(s string) int { n, _ := strconv.Atoi(s); return n }
	for i := 0; i < len(fields); i++ {
		switch fields[i] {
		case "depth":
			info.Depth = atoi(next(&i))
		case "seldepth":
			info.SelDepth = atoi(next(&i))
		case "multipv":
			info.MultiPV = atoi(next(&i))
		case "nodes":
			info.Nodes, _ = strconv.ParseUint(next(&i), 10, 64)
		case "nps":
			info.NPS, _ = strconv.ParseUint(next(&i), 10, 64)
		case "time":
			n, _ := strconv.ParseInt(next(&i), 10, 64)
			info.Time = millis(n)
		case "hashfull":
			info.HashFull = atoi(next(&i))
		case "currmove":
			if m, err := pos.ParseUCI(next(&i)); err == nil {
				info.CurrMove = m
			}
		case "currmovenumber":
			info.CurrMoveNumber = atoi(next(&i))
		case "score":
			info.HasScore = true
			for i+1 < len(fields) {
				switch fields[i+1] {
				case "cp":
					i++
					info.Score.CP = atoi(next(&i))
					continue
				case "mate":
					i++
					info.Score.Mate = atoi(next(&i))
					continue
				case "lowerbound":
					info.Score.Lowerbound = true
					i++
					continue
				case "upperbound":
					info.Score.Upperbound = true
					i++
					continue
				}
				break
			}
		case "pv":
			p := pos
			for i+1 < len(fields) {
				m, err := p.ParseUCI(fields[i+1])
				if err != nil {
					break
				}
				info.PV = append(info.PV, m)
				p.PlayUnchecked(m)
				i++
			}
		case "string":
			info.String = strings.Join(fields[i+1:], " ")
			return info
		case "refutation", "currline":
			return info // move lists to the end of the line
		}
	}
	return info
}

// FormatGo writes limits as a go command ("go wtime 60000 btime 60000 ..."),
// the search moves in UCI notation from pos.
func FormatGo(pos chess.Position, l Limits) string {
	var b strings.Builder
	b.WriteString("go")
	ms := func(name string, d time.Duration) {
		if d > 0 {
			b.WriteString(" " + name + " " + strconv.FormatInt(d.Milliseconds(), 10))
		}
	}
	if l.Ponder {
		b.WriteString(" ponder")
	}
	ms("wtime", l.WTime)
	ms("btime", l.BTime)
	ms("winc", l.WInc)
	ms("binc", l.BInc)
	if l.MovesToGo > 0 {
		b.WriteString(" movestogo " + strconv.Itoa(l.MovesToGo))
	}
	if l.Depth > 0 {
		b.WriteString(" depth " + strconv.Itoa(l.Depth))
	}
	if l.Nodes > 0 {
		b.WriteString(" nodes " + strconv.FormatUint(l.Nodes, 10))
	}
	if l.Mate > 0 {
		b.WriteString(" mate " + strconv.Itoa(l.Mate))
	}
	ms("movetime", l.MoveTime)
	if l.Infinite {
		b.WriteString(" infinite")
	}
	if len(l.SearchMoves) > 0 {
		b.WriteString(" searchmoves")
		for _, m := range l.SearchMoves {
			if pos.IsLegal(m) {
				b.WriteString(" " + pos.UCI(m))
			}
		}
	}
	return b.String()
}

// goKeywords are the words of a go command; searchmoves ends at any of them.
var goKeywords = map[string]bool{
	"searchmoves": true, "ponder": true, "wtime": true, "btime": true, "winc": true, "binc": true,
	"movestogo": true, "depth": true, "nodes": true, "mate": true, "movetime": true, "infinite": true,
}

// ParseGo reads the fields of a go command (after the word "go"), the search
// moves in pos. It returns the limits and a list of problems with the
// command (unknown words, bad numbers, illegal search moves), which the
// limits leave out. Times are in milliseconds; a negative clock counts as
// 1 ms, so that a flagged side still gets a limit.
func ParseGo(pos chess.Position, fields []string) (Limits, []string) {
	var l Limits
	var problems []string
	bad := func(format string, a ...string) {
		problems = append(problems, format+" "+strings.Join(a, " "))
	}
	for i := 0; i < len(fields); i++ {
		word := fields[i]
		switch word {
		case "ponder":
			l.Ponder = true
			continue
		case "infinite":
			l.Infinite = true
			continue
		case "searchmoves":
			for i+1 < len(fields) && !goKeywords[fields[i+1]] {
				i++
				m, err := pos.ParseUCI(fields[i])
				if err != nil {
					bad("go: searchmoves: not a legal move:", fields[i])
					continue
				}
				l.SearchMoves = append(l.SearchMoves, m)
			}
			continue
		}
		if !goKeywords[word] {
			bad("go: unknown word:", word)
			continue
		}
		if i+1 >= len(fields) {
			bad("go: missing value after", word)
			break
		}
		i++
		n, err := strconv.ParseInt(fields[i], 10, 64)
		if err != nil {
			bad("go: not a number:", word, fields[i])
			continue
		}
		ms := millis(max(n, 1))
		switch word {
		case "wtime":
			l.WTime = ms
		case "btime":
			l.BTime = ms
		case "winc":
			l.WInc = millis(n)
		case "binc":
			l.BInc = millis(n)
		case "movetime":
			l.MoveTime = ms
		case "movestogo", "depth", "mate":
			if n <= 0 || n > 1<<20 {
				bad("go: out of range:", word, fields[i])
				continue
			}
			switch word {
			case "movestogo":
				l.MovesToGo = int(n)
			case "depth":
				l.Depth = int(n)
			case "mate":
				l.Mate = int(n)
			}
		case "nodes":
			if n <= 0 {
				bad("go: out of range:", word, fields[i])
				continue
			}
			l.Nodes = uint64(n)
		}
	}
	return l, problems
}

// millis returns n milliseconds as a Duration, held between 0 and about 146
// years so that no later sum overflows.
func millis(n int64) time.Duration {
	const most = int64(time.Duration(1<<62) / time.Millisecond)
	return time.Duration(min(max(n, 0), most)) * time.Millisecond
}
