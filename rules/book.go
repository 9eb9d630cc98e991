// Package rules is JoinPal's guide to the rules of chess: the texts of its
// sections in every language of the interface and the exercises on the
// boards beside them, read from data files embedded in the binary
// (guide/exercises.json, guide/<lang>.json), and the judge of a reader's
// try, which asks the rules core (package chess) whether a move is legal
// and, if not, why.
//
// A translator or a teacher edits only the data files: guide/es.json and
// guide/en.json hold the texts (sections, rules, paragraphs, lists, tables,
// and each exercise's task, hint and praise per step), guide/exercises.json
// the positions and what each step accepts. The package's tests check
// every position, answer and text (see Check).
package rules

import (
	"bytes"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sync"
)

//go:embed guide/*.json
var files embed.FS

// ErrNotFound is a section or exercise the guide does not have.
var ErrNotFound = errors.New("rules: no such section or exercise")

// Guide is the guide in one language: its title, introduction and sections,
// in the order they are read.
type Guide struct {
	Lang     string    `json:"lang"`
	Title    string    `json:"title"`
	Intro    []Block   `json:"intro"`
	Sections []Section `json:"sections"`
}

// Section is one page of the guide (/rules/{id}).
type Section struct {
	// ID names the section in its address: lower-case letters, digits and
	// hyphens, the same in every language.
	ID      string `json:"id"`
	Title   string `json:"title"`
	Summary string `json:"summary"`
	Rules   []Rule `json:"rules"`
}

// Rule is one rule of a section: a heading, its text, and optionally the
// exercise on the board beside it.
type Rule struct {
	ID       string        `json:"id"`
	Title    string        `json:"title"`
	Body     []Block       `json:"body"`
	Exercise *ExerciseText `json:"exercise,omitempty"`
}

// Block is one block of text: a paragraph (P), a list (List), a table
// (Table, its first row the header) or an action (Action: "play_ai", the
// button that starts a game against the AI at level Easy). Exactly one is
// set. Text may mark **strong** words.
type Block struct {
	P      string     `json:"p,omitempty"`
	List   []string   `json:"list,omitempty"`
	Table  [][]string `json:"table,omitempty"`
	Action string     `json:"action,omitempty"`
}

// ExerciseText is the words of an exercise in one language: per step, the
// task, a hint for a try that does not do it, and the praise when it is done.
type ExerciseText struct {
	ID    string     `json:"id"`
	Steps []StepText `json:"steps"`
}

// StepText is the words of one step of an exercise.
type StepText struct {
	Task   string `json:"task"`
	Hint   string `json:"hint"`
	Praise string `json:"praise"`
}

// Exercise is an exercise's position and what each of its steps accepts,
// the same in every language (guide/exercises.json).
type Exercise struct {
	// FEN is the position the exercise starts from.
	FEN string `json:"fen"`
	// Moves are UCI moves played from FEN before the reader's first step
	// (the last one is shown, and sets the en-passant square as a game
	// would).
	Moves []string `json:"moves,omitempty"`
	// Orientation is the side shown at the bottom, "white" or "black"; by
	// default the side to move.
	Orientation string `json:"orientation,omitempty"`
	// Steps are what the reader is asked to do, in order.
	Steps []Step `json:"steps"`
}

// Step is one task of an exercise. A try does it when it is one of Answers,
// or meets every one of Goals, or (Refused) is refused with Refused.Code.
// Reply, if set, is the opponent's answer played after the step is done.
type Step struct {
	Answers []string `json:"answers,omitempty"`
	Goals   []Goal   `json:"goals,omitempty"`
	Refused *Refusal `json:"refused,omitempty"`
	Reply   string   `json:"reply,omitempty"`
}

// Refusal is a step done by trying an illegal move and reading why: Move
// is the try the tests check (UCI or SAN), Code the refusal's code
// (package chess's, as Position.Try gives it).
type Refusal struct {
	Move string `json:"move"`
	Code string `json:"code"`
}

// Book is the whole guide: every language's texts and the exercises.
type Book struct {
	guides    map[string]*Guide
	langs     []string
	exercises map[string]Exercise
}

// Languages returns the languages the guide is written in, Spanish first.
func (b *Book) Languages() []string { return slices.Clone(b.langs) }

// Guide returns the guide in lang (Spanish if there is none in lang).
func (b *Book) Guide(lang string) *Guide {
	if g, ok := b.guides[lang]; ok {
		return g
	}
	return b.guides[b.langs[0]]
}

// Exercise returns the exercise id.
func (b *Book) Exercise(id string) (Exercise, bool) {
	e, ok := b.exercises[id]
	return e, ok
}

// ExerciseIDs returns the ids of every exercise, sorted.
func (b *Book) ExerciseIDs() []string {
	ids := make([]string, 0, len(b.exercises))
	for id := range b.exercises {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	return ids
}

// languages are the guide's languages in the order of i18n's catalogues.
var languages = []string{"es", "en"}

// Load reads the embedded guide. Its data files are read strictly: an
// unknown field or a missing file is an error.
func Load() (*Book, error) {
	b := &Book{guides: map[string]*Guide{}, langs: languages}
	if err := readJSON("guide/exercises.json", &b.exercises); err != nil {
		return nil, err
	}
	for _, lang := range languages {
		var g Guide
		if err := readJSON("guide/"+lang+".json", &g); err != nil {
			return nil, err
		}
		if g.Lang != lang {
			return nil, fmt.Errorf("rules: guide/%s.json says it is in %q", lang, g.Lang)
		}
		b.guides[lang] = &g
	}
	return b, nil
}

// readJSON decodes the embedded file name into v, refusing unknown fields.
func readJSON(name string, v any) error {
	data, err := files.ReadFile(name)
	if err != nil {
		return fmt.Errorf("rules: %w", err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("rules: %s: %w", name, err)
	}
	return nil
}

// Default returns the embedded guide, read once; the error is Load's.
var Default = sync.OnceValues(Load)
