package rules

import "fmt"

// SectionRef names a section: its id, title and summary.
type SectionRef struct {
	ID      string `json:"id"`
	Title   string `json:"title"`
	Summary string `json:"summary"`
}

// Index is the guide's table of contents in one language.
type Index struct {
	Lang     string       `json:"lang"`
	Title    string       `json:"title"`
	Intro    []Block      `json:"intro"`
	Sections []SectionRef `json:"sections"`
}

// LastMove is the move played just before an exercise starts.
type LastMove struct {
	UCI string `json:"uci"`
	SAN string `json:"san"`
}

// ExerciseView is an exercise as a reader gets it: where it starts, which
// side is at the bottom, and its steps' words (not what they accept: the
// server judges).
type ExerciseView struct {
	ID          string     `json:"id"`
	FEN         string     `json:"fen"`
	LastMove    *LastMove  `json:"lastMove,omitempty"`
	Orientation string     `json:"orientation"`
	Steps       []StepText `json:"steps"`
}

// RuleView is a rule with its exercise's view.
type RuleView struct {
	ID       string        `json:"id"`
	Title    string        `json:"title"`
	Body     []Block       `json:"body"`
	Exercise *ExerciseView `json:"exercise,omitempty"`
}

// SectionView is a section as a reader gets it, with the sections before
// and after it.
type SectionView struct {
	Lang    string      `json:"lang"`
	ID      string      `json:"id"`
	Title   string      `json:"title"`
	Summary string      `json:"summary"`
	Rules   []RuleView  `json:"rules"`
	Prev    *SectionRef `json:"prev,omitempty"`
	Next    *SectionRef `json:"next,omitempty"`
}

// Index returns the table of contents in lang.
func (b *Book) Index(lang string) Index {
	g := b.Guide(lang)
	ix := Index{Lang: g.Lang, Title: g.Title, Intro: g.Intro}
	for _, s := range g.Sections {
		ix.Sections = append(ix.Sections, SectionRef{s.ID, s.Title, s.Summary})
	}
	return ix
}

// Section returns the section id in lang, or ErrNotFound.
func (b *Book) Section(lang, id string) (SectionView, error) {
	g := b.Guide(lang)
	for i, s := range g.Sections {
		if s.ID != id {
			continue
		}
		v := SectionView{Lang: g.Lang, ID: s.ID, Title: s.Title, Summary: s.Summary}
		if i > 0 {
			p := g.Sections[i-1]
			v.Prev = &SectionRef{p.ID, p.Title, p.Summary}
		}
		if i+1 < len(g.Sections) {
			n := g.Sections[i+1]
			v.Next = &SectionRef{n.ID, n.Title, n.Summary}
		}
		for _, r := range s.Rules {
			rv := RuleView{ID: r.ID, Title: r.Title, Body: r.Body}
			if r.Exercise != nil {
				ev, err := b.exerciseView(*r.Exercise)
				if err != nil {
					return SectionView{}, err
				}
				rv.Exercise = &ev
			}
			v.Rules = append(v.Rules, rv)
		}
		return v, nil
	}
	return SectionView{}, fmt.Errorf("%w: section %q", ErrNotFound, id)
}

// exerciseView joins an exercise's words to its position.
func (b *Book) exerciseView(t ExerciseText) (ExerciseView, error) {
	ex, ok := b.exercises[t.ID]
	if !ok {
		return ExerciseView{}, fmt.Errorf("%w: exercise %q", ErrNotFound, t.ID)
	}
	pos, last, err := ex.Start()
	if err != nil {
		return ExerciseView{}, fmt.Errorf("rules: exercise %s: %w", t.ID, err)
	}
	v := ExerciseView{ID: t.ID, FEN: pos.FEN(), Orientation: ex.Orientation, Steps: t.Steps}
	if v.Orientation == "" {
		v.Orientation = pos.Turn().String()
	}
	if last != nil {
		v.LastMove = &LastMove{last.UCI, last.SAN}
	}
	return v, nil
}
