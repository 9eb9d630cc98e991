package league

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/tournament"
)

// organise runs f as an organiser's change: by must be the tournament's
// creator or, in a club's, one of the club's admins.
func (s *Service) organise(ctx context.Context, by Person, id string, f func(st state) (Change, error)) (Tournament, error) {
	if err := needsAccount(by); err != nil {
		return Tournament{}, err
	}
	t, err := s.Get(ctx, id)
	if err != nil {
		return Tournament{}, err
	}
	if err := s.mayOrganise(ctx, t, by.ID); err != nil {
		return Tournament{}, err
	}
	return s.change(ctx, id, f)
}

// MayOrganise reports (nil) whether userID may run tournament t: its
// creator, or an admin of its club.
func (s *Service) MayOrganise(ctx context.Context, t Tournament, userID string) bool {
	return userID != "" && s.mayOrganise(ctx, t, userID) == nil
}

func (s *Service) mayOrganise(ctx context.Context, t Tournament, userID string) error {
	if t.OwnerID == userID {
		return nil
	}
	if t.ClubID != "" && s.clubAdmin(ctx, t.ClubID, userID) == nil {
		return nil
	}
	return NewError(CodeNotOrganiser, "only the organiser may", nil)
}

// Start starts tournament id and pairs its first round.
func (s *Service) Start(ctx context.Context, by Person, id string) (Tournament, error) {
	t, err := s.organise(ctx, by, id, s.startChange)
	if err != nil {
		return Tournament{}, err
	}
	s.startGames(ctx, t.ID)
	return s.Get(ctx, id)
}

// startChange numbers the players (rating, highest first, then name),
// sets a round-robin's number of rounds and pairs round 1.
func (s *Service) startChange(st state) (Change, error) {
	if st.t.Status != Registration {
		return Change{}, NewError(CodeAlreadyStarted, "the tournament has started", nil)
	}
	if len(st.entries) < 2 {
		return Change{}, NewError(CodeTooFewPlayers, "a tournament needs two players", nil)
	}
	entries := slices.Clone(st.entries)
	byInitialOrder(entries)
	for i := range entries {
		entries[i].Number, entries[i].FromRound = i+1, 1
	}
	t := st.t
	t.Status, t.StartedAt = Running, s.now()
	if t.Format == RoundRobin {
		n := len(entries)
		t.TotalRounds = (n - 1 + n%2) * t.Cycles
	}
	st.t, st.entries = t, entries
	boards, err := s.pair(st, 1)
	if err != nil {
		return Change{}, err
	}
	t.Round = 1
	return Change{Tournament: t, Entries: entries, Boards: boards}, nil
}

// byInitialOrder sorts entries in the initial order of the pairing
// numbers (FIDE C.04.2): rating, highest first, then name (accounts have
// no titles to come between), then user id.
func byInitialOrder(entries []Entry) {
	slices.SortStableFunc(entries, func(a, b Entry) int {
		if a.Rating != b.Rating {
			return b.Rating - a.Rating
		}
		if c := strings.Compare(strings.ToLower(a.Name), strings.ToLower(b.Name)); c != 0 {
			return c
		}
		return strings.Compare(a.UserID, b.UserID)
	})
}

// renumbered gives the entries of a running tournament their pairing
// numbers again by the initial order and returns those whose number
// changed, and the entry of userID (the one joining) in any case.
func renumbered(entries []Entry, userID string) []Entry {
	entries = slices.Clone(entries)
	byInitialOrder(entries)
	var out []Entry
	for i, e := range entries {
		if e.Number != i+1 || e.UserID == userID {
			e.Number = i + 1
			out = append(out, e)
		}
	}
	return out
}

// Pause stops tournament id from pairing by itself; Resume lets it again.
func (s *Service) Pause(ctx context.Context, by Person, id string, pause bool) (Tournament, error) {
	return s.organise(ctx, by, id, func(st state) (Change, error) {
		t := st.t
		switch {
		case pause && t.Status == Running:
			t.Status = Paused
		case !pause && t.Status == Paused:
			t.Status = Running
		default:
			return Change{}, NewError(CodeNotRunning, "the tournament is not running", nil)
		}
		return Change{Tournament: t}, nil
	})
}

// PairNext pairs round `round` of tournament id, which must be the one
// after the last paired (pairing twice is refused), once every game of
// the round before is decided or, in arranged rounds, its deadline has
// passed (its undecided games then scored as the settings say).
func (s *Service) PairNext(ctx context.Context, by Person, id string, round int) (Tournament, error) {
	_, err := s.organise(ctx, by, id, func(st state) (Change, error) {
		if st.t.Status != Running {
			return Change{}, NewError(CodeNotRunning, "the tournament is not running", nil)
		}
		return s.nextRound(st, round)
	})
	if err != nil {
		return Tournament{}, err
	}
	s.startGames(ctx, id)
	return s.Get(ctx, id)
}

// SetResult is the organiser's adjudication of board `board` of round
// `round`: result is "1-0", "1/2-1/2", "0-1", "+-", "-+" or "--" (forfeits),
// with the reason the standings show.
func (s *Service) SetResult(ctx context.Context, by Person, id string, round, board int, result, reason string) (Tournament, error) {
	reason = strings.TrimSpace(reason)
	if reason == "" {
		return Tournament{}, NewError(CodeReasonRequired, "an adjudication needs a reason", nil)
	}
	res, ok := ParseResult(result)
	if !ok {
		return Tournament{}, NewError(CodeBadResult, "unknown result", nil).With("result", clip(result))
	}
	if err := s.notInPlay(ctx, id, round, board); err != nil {
		return Tournament{}, err
	}
	return s.organise(ctx, by, id, func(st state) (Change, error) {
		if st.t.Status == Registration {
			return Change{}, NewError(CodeNotRunning, "the tournament has not started", nil)
		}
		for _, b := range st.boards {
			if b.Round == round && b.Board == board {
				if b.IsBye() {
					return Change{}, NewError(CodeBadResult, "a bye has no result to set", nil).With("result", clip(result))
				}
				b.Result, b.Reason = res, clip(reason)
				t := st.t
				if t.Status == Running && done(merge(st.boards, []Board{b}), t) {
					t.Status, t.FinishedAt = Finished, s.now()
				}
				return Change{Tournament: t, Boards: []Board{b}}, nil
			}
		}
		return Change{}, NewError(CodeNoBoard, "no such board", nil)
	})
}

// notInPlay refuses (league.game_in_play) the adjudication of a board
// whose game is being played: no game ending is the arbiter's, so the
// game would go on unaware of a result already in the standings. The
// organiser waits for it to end (and adjudicates then, if need be), or
// the players end it from the game. A game not started (a no-show to
// come, an arranged game past its deadline) may be adjudicated.
func (s *Service) notInPlay(ctx context.Context, id string, round, board int) error {
	boards, err := s.Boards(ctx, id)
	if err != nil {
		return err
	}
	for _, b := range boards {
		if b.Round != round || b.Board != board || b.GameID == "" || !b.Created {
			continue
		}
		gameID := b.GameID
		if b.ArrangementID != "" && s.cfg.Arranger != nil {
			if a, err := s.cfg.Arranger.Get(ctx, b.ArrangementID); err == nil && a.GameID != "" {
				gameID = a.GameID
			}
		}
		rec, err := s.cfg.Records.LoadGame(ctx, gameID)
		if game.CodeOf(err) == game.CodeGameNotFound {
			return nil
		}
		if err != nil {
			return fmt.Errorf("league: adjudicate: %w", err)
		}
		if rec.State.Status == game.StatusStarted {
			return NewError(CodeGameInPlay, "the game is being played", nil)
		}
	}
	return nil
}

// Finish is the organiser's ending of tournament id before its last
// round: its standings as they stand are final. It is refused while
// games of the current round are undecided (league.games_in_play): they
// end first, or are adjudicated. A paused tournament may be finished.
func (s *Service) Finish(ctx context.Context, by Person, id string) (Tournament, error) {
	return s.organise(ctx, by, id, func(st state) (Change, error) {
		t := st.t
		if t.Status != Running && t.Status != Paused {
			return Change{}, NewError(CodeNotRunning, "the tournament is not running", nil)
		}
		for _, b := range st.boards {
			if !b.Decided() {
				return Change{}, NewError(CodeGamesInPlay, "games of the round are undecided", nil).With("round", strconv.Itoa(b.Round))
			}
		}
		t.Status, t.FinishedAt = Finished, s.now()
		if t.Round < t.TotalRounds {
			t.Ended = EndOrganiser
		}
		return Change{Tournament: t}, nil
	})
}

// done reports whether t's last round is paired and decided.
func done(boards []Board, t Tournament) bool {
	if t.Round < t.TotalRounds {
		return false
	}
	for _, b := range boards {
		if !b.Decided() {
			return false
		}
	}
	return true
}

// results are the adjudicable results by their text.
var results = map[string]tournament.Result{
	"1-0": tournament.WhiteWins, "1/2-1/2": tournament.Drawn, "0-1": tournament.BlackWins,
	"+-": tournament.WhiteWinsByForfeit, "-+": tournament.BlackWinsByForfeit, "--": tournament.DoubleForfeit,
}

// ParseResult reads an adjudicated result's text.
func ParseResult(s string) (tournament.Result, bool) {
	r, ok := results[s]
	return r, ok
}

// ResultText is a board's result as text: "1-0", "½-½", "+-", "bye" ...;
// "" while pending.
func ResultText(r tournament.Result) string {
	switch r {
	case tournament.WhiteWins:
		return "1-0"
	case tournament.Drawn:
		return "½-½"
	case tournament.BlackWins:
		return "0-1"
	case tournament.WhiteWinsByForfeit:
		return "+-"
	case tournament.BlackWinsByForfeit:
		return "-+"
	case tournament.DoubleForfeit:
		return "--"
	case tournament.PairingBye:
		return "1"
	case tournament.HalfPointBye:
		return "½"
	case tournament.ZeroPointBye:
		return "0"
	}
	return ""
}
