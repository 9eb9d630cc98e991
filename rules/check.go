package rules

import (
	"errors"
	"fmt"
	"regexp"
	"slices"

	"github.com/joinpal/joinpal/chess"
)

// ActionPlayAI is the one action a Block may hold: the button that starts a
// game against the AI at level Easy.
const ActionPlayAI = "play_ai"

// maxFrontier bounds the positions Check follows from one step to the
// next (a step that accepts many moves branches).
const maxFrontier = 64

var idPattern = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// Check returns every problem of the guide: an exercise whose position is
// not legal, whose answers or reply are not legal moves there, whose goals
// no move meets, whose accepted move ends the game unasked (a draw or a
// mate the step's words do not speak of) or whose refused try is not
// refused with its code; a section, rule or exercise missing from a
// language or different from Spanish's; an empty text. The tests require none, so that a translator or
// a teacher who edits the data files learns of a mistake from `go test
// ./rules`.
func Check(b *Book) []error {
	var errs []error
	for _, id := range b.ExerciseIDs() {
		if !idPattern.MatchString(id) {
			errs = append(errs, fmt.Errorf("exercise %q: an id is lower-case letters, digits and hyphens", id))
		}
		for _, err := range checkExercise(b.exercises[id]) {
			errs = append(errs, fmt.Errorf("exercise %s: %w", id, err))
		}
	}
	var first *Guide
	for _, lang := range b.langs {
		g := b.guides[lang]
		for _, err := range checkGuide(b, g) {
			errs = append(errs, fmt.Errorf("guide/%s.json: %w", lang, err))
		}
		if first == nil {
			first = g
			continue
		}
		for _, err := range sameShape(first, g) {
			errs = append(errs, fmt.Errorf("guide/%s.json differs from guide/%s.json: %w", lang, first.Lang, err))
		}
	}
	return errs
}

// checkExercise follows an exercise step by step from every position a
// reader can reach.
func checkExercise(ex Exercise) []error {
	var errs []error
	start, _, err := ex.Start()
	if err != nil {
		return []error{fmt.Errorf("start: %w", err)}
	}
	if ex.Orientation != "" && ex.Orientation != "white" && ex.Orientation != "black" {
		errs = append(errs, fmt.Errorf("orientation %q is neither white nor black", ex.Orientation))
	}
	if len(ex.Steps) == 0 {
		errs = append(errs, errors.New("no steps"))
	}
	frontier := []chess.Position{start}
	for i, st := range ex.Steps {
		var next []chess.Position
		if (st.Refused != nil) == (len(st.Answers)+len(st.Goals) > 0) {
			errs = append(errs, fmt.Errorf("step %d: give either answers and goals or a refused try", i))
			continue
		}
		for _, g := range st.Goals {
			if !slices.Contains(Goals(), g) {
				errs = append(errs, fmt.Errorf("step %d: unknown goal %q", i, g))
			}
		}
		for _, pos := range frontier {
			past := ex.past(i, pos)
			var afters []chess.Position
			if st.Refused != nil {
				_, err := Play(pos, st.Refused.Move)
				if code := chess.CodeOf(err); code != st.Refused.Code {
					errs = append(errs, fmt.Errorf("step %d in %s: %s is refused with %q, not %q", i, pos.FEN(), st.Refused.Move, code, st.Refused.Code))
				}
				afters = append(afters, pos)
			} else {
				for _, a := range st.Answers {
					if pl, err := Play(pos, a); err != nil || pl.UCI != a {
						errs = append(errs, fmt.Errorf("step %d in %s: answer %s is not a legal move in UCI (%v)", i, pos.FEN(), a, err))
					}
				}
				for _, m := range pos.LegalMoves(nil) {
					if pl := playedAfter(past, m); st.accepts(pl) {
						if pl.Ending != "" && !st.asksEnd() {
							errs = append(errs, fmt.Errorf("step %d in %s: %s ends the game (%s), which the step does not ask for", i, pos.FEN(), pl.SAN, pl.Ending))
						}
						after, _ := chess.ParseFEN(pl.FEN)
						afters = append(afters, after)
					}
				}
				if len(afters) == 0 {
					errs = append(errs, fmt.Errorf("step %d in %s: no legal move does it", i, pos.FEN()))
				}
			}
			for _, after := range afters {
				if st.Reply == "" {
					next = append(next, after)
					continue
				}
				pl, err := Play(after, st.Reply)
				if err != nil {
					errs = append(errs, fmt.Errorf("step %d: reply %s in %s: %w", i, st.Reply, after.FEN(), err))
					continue
				}
				p, _ := chess.ParseFEN(pl.FEN)
				next = append(next, p)
			}
		}
		if len(next) > maxFrontier {
			next = next[:maxFrontier]
		}
		frontier = next
	}
	return errs
}

// asksEnd reports whether the step asks for a move that ends the game (a
// mate, a stalemate or a draw); a step that does not must not end it with
// any move it accepts, or the reader is told "draw" where the text
// praises something else (a bishop that takes the last rook leaves king
// and bishop against king: insufficient material).
func (st Step) asksEnd() bool {
	for _, g := range st.Goals {
		switch g {
		case GoalMate, GoalStalemate, GoalInsuff, GoalFifty, GoalRepetition, GoalDraw:
			return true
		}
	}
	return false
}

// checkGuide checks one language's texts: ids, non-empty texts, blocks of
// one kind, exercises that exist with their number of steps, each exercise
// used once.
func checkGuide(b *Book, g *Guide) []error {
	var errs []error
	bad := func(format string, args ...any) { errs = append(errs, fmt.Errorf(format, args...)) }
	if g.Title == "" || len(g.Intro) == 0 {
		bad("no title or introduction")
	}
	errs = append(errs, checkBlocks("intro", g.Intro)...)
	used := map[string]int{}
	seen := map[string]bool{}
	for _, s := range g.Sections {
		if !idPattern.MatchString(s.ID) || seen[s.ID] {
			bad("section id %q is not a unique lower-case id", s.ID)
		}
		seen[s.ID] = true
		if s.Title == "" || s.Summary == "" || len(s.Rules) == 0 {
			bad("section %s: a title, a summary and rules are needed", s.ID)
		}
		rules := map[string]bool{}
		for _, r := range s.Rules {
			where := s.ID + "/" + r.ID
			if !idPattern.MatchString(r.ID) || rules[r.ID] {
				bad("rule id %q is not a unique lower-case id", where)
			}
			rules[r.ID] = true
			if r.Title == "" || len(r.Body) == 0 {
				bad("rule %s: a title and a body are needed", where)
			}
			errs = append(errs, checkBlocks(where, r.Body)...)
			if r.Exercise == nil {
				continue
			}
			used[r.Exercise.ID]++
			ex, ok := b.exercises[r.Exercise.ID]
			if !ok {
				bad("rule %s: no exercise %q in exercises.json", where, r.Exercise.ID)
				continue
			}
			if len(r.Exercise.Steps) != len(ex.Steps) {
				bad("rule %s: exercise %s has %d steps in exercises.json and %d texts", where, r.Exercise.ID, len(ex.Steps), len(r.Exercise.Steps))
			}
			for i, st := range r.Exercise.Steps {
				if st.Task == "" || st.Hint == "" || st.Praise == "" {
					bad("rule %s: exercise %s step %d needs a task, a hint and a praise", where, r.Exercise.ID, i)
				}
			}
		}
	}
	for _, id := range b.ExerciseIDs() {
		if used[id] != 1 {
			bad("exercise %s is used %d times (once is right)", id, used[id])
		}
	}
	return errs
}

// checkBlocks checks that each block holds exactly one non-empty thing.
func checkBlocks(where string, blocks []Block) []error {
	var errs []error
	for i, bl := range blocks {
		n := 0
		if bl.P != "" {
			n++
		}
		if len(bl.List) > 0 {
			n++
			if slices.Contains(bl.List, "") {
				errs = append(errs, fmt.Errorf("%s block %d: an empty list item", where, i))
			}
		}
		if len(bl.Table) > 0 {
			n++
			for _, row := range bl.Table {
				if len(row) != len(bl.Table[0]) || slices.Contains(row, "") {
					errs = append(errs, fmt.Errorf("%s block %d: table rows of different lengths or an empty cell", where, i))
				}
			}
		}
		if bl.Action != "" {
			n++
			if bl.Action != ActionPlayAI {
				errs = append(errs, fmt.Errorf("%s block %d: unknown action %q", where, i, bl.Action))
			}
		}
		if n != 1 {
			errs = append(errs, fmt.Errorf("%s block %d: a block is one paragraph, list, table or action", where, i))
		}
	}
	return errs
}

// sameShape reports where g differs from first in structure: sections,
// rules, exercises, and the kinds and sizes of blocks.
func sameShape(first, g *Guide) []error {
	var errs []error
	if len(first.Sections) != len(g.Sections) {
		return []error{fmt.Errorf("%d sections, not %d", len(g.Sections), len(first.Sections))}
	}
	shape := func(bs []Block) string {
		out := ""
		for _, b := range bs {
			switch {
			case b.P != "":
				out += "p "
			case len(b.List) > 0:
				out += fmt.Sprintf("list%d ", len(b.List))
			case len(b.Table) > 0:
				out += fmt.Sprintf("table%dx%d ", len(b.Table), len(b.Table[0]))
			default:
				out += b.Action + " "
			}
		}
		return out
	}
	if shape(first.Intro) != shape(g.Intro) {
		errs = append(errs, errors.New("the introduction's blocks"))
	}
	for i, s := range g.Sections {
		f := first.Sections[i]
		if s.ID != f.ID || len(s.Rules) != len(f.Rules) {
			errs = append(errs, fmt.Errorf("section %d is %s with %d rules, not %s with %d", i, s.ID, len(s.Rules), f.ID, len(f.Rules)))
			continue
		}
		for j, r := range s.Rules {
			fr := f.Rules[j]
			exID := func(r Rule) string {
				if r.Exercise == nil {
					return ""
				}
				return r.Exercise.ID
			}
			if r.ID != fr.ID || exID(r) != exID(fr) || shape(r.Body) != shape(fr.Body) {
				errs = append(errs, fmt.Errorf("rule %s/%s (exercise %q, blocks %s) is not %s/%s (exercise %q, blocks %s)",
					s.ID, r.ID, exID(r), shape(r.Body), f.ID, fr.ID, exID(fr), shape(fr.Body)))
			}
		}
	}
	return errs
}
