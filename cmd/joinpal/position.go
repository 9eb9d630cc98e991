package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/joinpal/joinpal/chess"
	"github.com/joinpal/joinpal/rules"
)

const positionUsage = `Usage: joinpal position [--json] [--nodes N] FEN

Prints what the rules core knows about a position: the side to move,
check, the legal moves (UCI and SAN), the outcome if the game is over
(judged as the rules guide's API judges it: checkmate, stalemate, a dead
position, or fifty moves once the FEN's half-move clock reaches 100), and
for each colour whether it can still checkmate by some series of legal
moves ("yes" with a helpmate line, "no", or "unknown" when the search
budget ran out; FIDE 6.9 and 5.2.2).`

// positionReport is what `joinpal position --json` prints.
type positionReport struct {
	FEN      string              `json:"fen"`
	Turn     string              `json:"turn"`
	Check    bool                `json:"check"`
	Legal    []string            `json:"legal"`
	SAN      []string            `json:"san"`
	Outcome  *outcomeReport      `json:"outcome"`
	CanMate  map[string]string   `json:"can_mate"`
	Helpmate map[string][]string `json:"helpmate"`
	// Dead: neither colour can mate (FIDE 5.2.2).
	Dead bool `json:"dead"`
}

// outcomeReport is a finished game's outcome; Winner is null in a draw.
type outcomeReport struct {
	Termination string  `json:"termination"`
	Winner      *string `json:"winner"`
	Result      string  `json:"result"`
}

// runPosition is "joinpal position [--json] [--nodes N] FEN".
func runPosition(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newSubcommand("position", positionUsage, stderr)
	asJSON := fs.Bool("json", false, "print one JSON object")
	nodes := fs.Int("nodes", 1_000_000, "search budget of the mate analysis, per colour (at least 1)")
	if code, ok := fs.parse(args, anyArgs); !ok {
		return code
	}
	if fs.NArg() == 0 {
		return fs.usageError("a FEN is needed")
	}
	if *nodes < 1 {
		return fs.usageError("--nodes must be at least 1")
	}
	pos, err := chess.ParseFEN(strings.Join(fs.Args(), " "))
	if err != nil {
		return fs.fail(err)
	}
	report := describePosition(pos, *nodes)
	if *asJSON {
		enc := json.NewEncoder(stdout)
		if err := enc.Encode(report); err != nil {
			return fs.fail(err)
		}
		return exitOK
	}
	writePositionText(stdout, report)
	return exitOK
}

// describePosition gathers what `joinpal position` prints.
func describePosition(pos chess.Position, nodes int) positionReport {
	r := positionReport{
		FEN:      pos.FEN(),
		Turn:     pos.Turn().String(),
		Check:    pos.InCheck(),
		Legal:    []string{},
		SAN:      []string{},
		CanMate:  map[string]string{},
		Helpmate: map[string][]string{},
	}
	for _, m := range pos.LegalMoves(nil) {
		r.Legal = append(r.Legal, pos.UCI(m))
		r.SAN = append(r.SAN, pos.SAN(m))
	}
	if o := rules.Outcome(pos); o.Over() {
		r.Outcome = &outcomeReport{Termination: o.Ending.String(), Result: o.Result()}
		if o.Decisive() {
			w := o.Winner.String()
			r.Outcome.Winner = &w
		}
	}
	for _, c := range []chess.Color{chess.White, chess.Black} {
		a := pos.AnalyzeWinnability(c, nodes)
		r.CanMate[c.String()] = a.Winnability.String()
		if a.Winnability == chess.Winnable {
			r.Helpmate[c.String()] = uciLine(pos, a.Helpmate)
		}
	}
	r.Dead = r.CanMate["white"] == "no" && r.CanMate["black"] == "no"
	return r
}

// uciLine writes the moves of line, played from pos, in UCI notation.
func uciLine(pos chess.Position, line []chess.Move) []string {
	out := make([]string, 0, len(line))
	for _, m := range line {
		out = append(out, pos.UCI(m))
		pos.PlayUnchecked(m)
	}
	return out
}

// writePositionText prints the report for people.
func writePositionText(w io.Writer, r positionReport) {
	fmt.Fprintf(w, "FEN:      %s\n", r.FEN)
	fmt.Fprintf(w, "Turn:     %s\n", r.Turn)
	fmt.Fprintf(w, "Check:    %s\n", yesNo(r.Check))
	moves := make([]string, len(r.Legal))
	for i := range r.Legal {
		moves[i] = r.Legal[i] + " (" + r.SAN[i] + ")"
	}
	if len(moves) == 0 {
		fmt.Fprintln(w, "Legal:    none")
	} else {
		fmt.Fprintf(w, "Legal:    %d: %s\n", len(moves), strings.Join(moves, " "))
	}
	switch o := r.Outcome; {
	case o == nil:
		fmt.Fprintln(w, "Outcome:  none, the game goes on")
	case o.Winner != nil:
		fmt.Fprintf(w, "Outcome:  %s, %s wins (%s)\n", o.Termination, *o.Winner, o.Result)
	default:
		fmt.Fprintf(w, "Outcome:  %s, a draw (%s)\n", o.Termination, o.Result)
	}
	fmt.Fprintf(w, "Dead:     %s\n", yesNo(r.Dead))
	for _, c := range []string{"white", "black"} {
		line := ""
		if h, ok := r.Helpmate[c]; ok {
			line = " (helpmate: " + strings.Join(h, " ") + ")"
			if len(h) == 0 {
				line = " (mate on the board)"
			}
		}
		fmt.Fprintf(w, "%s can mate: %s%s\n", strings.ToUpper(c[:1])+c[1:], r.CanMate[c], line)
	}
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}
