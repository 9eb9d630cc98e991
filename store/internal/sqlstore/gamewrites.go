package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/rating"
	"github.com/joinpal/joinpal/store/internal/codec"
)

// The writes of game.Store: the hot path. Each is
// described as a GameWrite, which the Backend commits its own way (SQLite:
// in a batch of the one writer, under a savepoint; PostgreSQL: pipelined
// in a batch, or in a transaction of its own when it rates an end) by
// calling its Apply.

// Stmt is one statement of a write, with its arguments.
type Stmt struct {
	SQL  string
	Args []any
}

// GameWrite is one write of a game or a node.
type GameWrite struct {
	// Stmts run in order, in one transaction.
	Stmts []Stmt
	// OnZero, if set, runs when the first statement changed no row, and
	// returns why (a missing game, a ply conflict); the write then stops.
	OnZero func(Querier) error
	// Ends is the id of the game whose end the write records ("" if
	// none): Apply reads the game before the write and rates the end
	// after it (see rateEnd).
	Ends  string
	State game.State
	// Beat, if set, is the node's heartbeat the write may carry (see
	// game.Beat): a backend that commits it with the write marks it.
	Beat *game.Beat

	s *Store
	// apply is w.Apply made a function once, for a write used again (see
	// Func); nil for others.
	apply func(Querier) error
}

// Func returns w.Apply as a function, the backends' write. A write that
// is used again makes it once; another makes it at each call.
func (w *GameWrite) Func() func(Querier) error {
	if w.apply != nil {
		return w.apply
	}
	return w.Apply
}

// Apply runs w in the transaction of q.
func (w *GameWrite) Apply(q Querier) error {
	s := w.s
	var (
		before rating.Stored
		found  bool
		err    error
	)
	if w.Ends != "" {
		if before, found, err = s.readEnding(q, w.Ends); err != nil {
			return err
		}
	}
	for i, st := range w.Stmts {
		n, err := q.Exec(st.SQL, st.Args...)
		if err != nil {
			return err
		}
		if i == 0 && n == 0 && w.OnZero != nil {
			return w.OnZero(q)
		}
	}
	if !found {
		return nil
	}
	return s.rateEnd(q, w.Ends, before, w.State)
}

// StateCols are the columns of a game's state, in StateArgs' order.
var StateCols = []string{"status", "termination", "result", "clock", "draw_offer_by", "draw_offer_lapses",
	"first_move_deadline", "white_gone_since", "black_gone_since", "white_present", "black_present",
	"scheduled_at", "ended_at", "seq", "takebacks"}

// The parameters of the dialects' AppendMove: $1 the game's id, $2 the
// ply, the state from $3 (StateArgs), then the move from MoveParam
// (MoveArgs, MoveParams of them), then the fence at AppendFence.
var (
	MoveParam   = 3 + len(StateCols)
	AppendFence = MoveParam + MoveParams
)

// MoveParams is the number of MoveArgs.
const MoveParams = 7

// StateSet returns the SET list of StateCols, numbering parameters from
// first.
func StateSet(first int) string { return stateSet(first, nil) }

// PlayingStateSet is StateSet without the columns a move of a game under
// way leaves as they are, status and ended_at (StateParam gives their
// parameters): the columns the games table's indexes hold, which a SET
// that names them rewrites even when their values stay.
func PlayingStateSet(first int) string {
	return stateSet(first, map[string]bool{"status": true, "ended_at": true})
}

func stateSet(first int, skip map[string]bool) string {
	set := make([]string, 0, len(StateCols))
	for i, c := range StateCols {
		if !skip[c] {
			set = append(set, fmt.Sprintf("%s = $%d", c, first+i))
		}
	}
	return strings.Join(set, ", ")
}

// StateParam returns the parameter of column c of StateCols, numbering
// them from first as StateSet does.
func StateParam(first int, c string) string {
	i := slices.Index(StateCols, c)
	if i < 0 {
		panic("sqlstore: no state column " + c)
	}
	return fmt.Sprintf("$%d", first+i)
}

// StateArgs returns the values of StateCols for st.
func StateArgs(st game.State) ([]any, error) {
	return appendStateArgs(make([]any, 0, len(StateCols)), st, new(stateValues))
}

// stateValues holds the values of a state's arguments that, each made an
// any, would each be an allocation (a text, an int64 past 255, a time):
// the arguments point at them (see Arg), and a write kept for reuse
// keeps them with it.
type stateValues struct {
	clock, takebacks Text
	by, lapses, seq  int64
	// The instants, NULL when zero.
	firstMoveDeadline, whiteGone, blackGone, scheduledAt, endedAt time.Time
	// clockRoom holds the clock's JSON, unless it outgrows it.
	clockRoom [256]byte
}

// appendStateArgs appends the values of StateCols for st to dst, held in
// v.
func appendStateArgs(dst []any, st game.State, v *stateValues) ([]any, error) {
	if err := codec.CheckState(st); err != nil {
		return nil, err
	}
	var clockArg, byArg, lapsesArg, takebacksArg any // nil: NULL
	if st.Clock != nil {
		clock, err := codec.AppendClock(v.clockRoom[:0], st.Clock)
		if err != nil {
			return nil, err
		}
		v.clock, clockArg = clock, &v.clock
	}
	if d := st.DrawOffer; d != nil {
		v.by, v.lapses = int64(d.By), int64(d.LapsesAtPly)
		byArg, lapsesArg = &v.by, &v.lapses
	}
	takebacks, err := codec.EncodeTakebacks(st.Takebacks)
	if err != nil {
		return nil, err
	}
	if takebacks != nil {
		v.takebacks, takebacksArg = takebacks, &v.takebacks
	}
	v.seq = st.Seq
	v.firstMoveDeadline, v.scheduledAt, v.endedAt = st.FirstMoveDeadline, st.ScheduledAt, st.EndedAt
	v.whiteGone, v.blackGone = st.GoneSince[game.White], st.GoneSince[game.Black]
	return append(dst,
		int64(st.Status), int64(st.Termination), int64(st.Result), clockArg, byArg, lapsesArg, &v.firstMoveDeadline,
		&v.whiteGone, &v.blackGone, st.Present[game.White], st.Present[game.Black],
		&v.scheduledAt, &v.endedAt, &v.seq, takebacksArg,
	), nil
}

// MoveArgs returns the values of a move's columns but the game's id and
// the ply (uci, san, client_move_id, spent_ms, lag_credit_ms,
// remaining_ms, at).
func MoveArgs(mv game.MoveRecord) []any {
	return appendMoveArgs(make([]any, 0, MoveParams), mv, new(moveValues))
}

// moveValues holds the values of a move's arguments, as stateValues
// those of a state.
type moveValues struct {
	uci, san                            string
	clientID, spent, lagCredit, remains int64
	at                                  time.Time
}

// appendMoveArgs appends MoveArgs(mv) to dst, held in v.
func appendMoveArgs(dst []any, mv game.MoveRecord, v *moveValues) []any {
	*v = moveValues{uci: mv.UCI, san: mv.SAN, clientID: mv.ClientMoveID, spent: codec.Ms(mv.Spent),
		lagCredit: codec.Ms(mv.LagCredit), remains: codec.Ms(mv.Remaining), at: mv.At}
	return append(dst, &v.uci, &v.san, &v.clientID, &v.spent, &v.lagCredit, &v.remains, &v.at)
}

var (
	insertGameSQL = `INSERT INTO games (` + GameCols + `) VALUES (` + Params(1, 14+len(StateCols)) + `) ON CONFLICT (id) DO NOTHING`
	insertMoveSQL = `INSERT INTO moves (game_id, ply, uci, san, client_move_id, spent_ms, lag_credit_ms, remaining_ms, at)
		VALUES (` + Params(1, 9) + `)`
	// A game's state is replaced only while the stored game has not
	// finished, or with the end it already has ($2, $3, $4: the new status,
	// termination and result).
	saveStateSQL = `UPDATE games SET ` + StateSet(2) + ` WHERE id = $1 AND (` + Unfinished +
		` OR (status = $2 AND termination = $3 AND result = $4))` + Fenced(2+len(StateCols))
	// A takeback: the game's row goes back to $3 moves from $2, only at
	// that ply of a game not finished; the moves after go.
	takeBackSQL = `UPDATE games SET ` + StateSet(4) + `, next_ply = $3 WHERE id = $1 AND next_ply = $2 AND ` +
		Unfinished + Fenced(4+len(StateCols))
	dropMovesSQL = `DELETE FROM moves WHERE game_id = $1 AND ply >= $2`
)

// CreateGame stores a new game with its state and any moves it already has.
// It fails with game.CodeGameExists if the id is taken, and with
// game.CodeBadGame (or the code of the bad field) if the record could not be
// loaded back.
func (s *Store) CreateGame(ctx context.Context, rec game.Record) error {
	op := fmt.Sprintf("create game %q", rec.ID)
	if err := codec.CheckRecord(rec); err != nil {
		return s.fail(op, err)
	}
	st, err := StateArgs(rec.State)
	if err != nil {
		return s.fail(op, err)
	}
	args := []any{rec.ID,
		rec.White.ID, rec.White.Name, rec.White.AILevel, rec.Black.ID, rec.Black.Name, rec.Black.AILevel,
		rec.TimeControl.String(), rec.StartFEN, rec.CreatedAt}
	// Then, after the state: next_ply, rated, default_time_ms,
	// no_start_loses.
	args = append(append(args, st...), len(rec.Moves), rec.Rated, codec.Ms(rec.DefaultTime), rec.NoStartLoses)
	w := &GameWrite{Stmts: []Stmt{{insertGameSQL, args}}, OnZero: func(Querier) error {
		return game.NewError(game.CodeGameExists, fmt.Sprintf("game %q exists", rec.ID), nil)
	}}
	for _, mv := range rec.Moves {
		w.Stmts = append(w.Stmts, Stmt{insertMoveSQL, append([]any{rec.ID, mv.Ply}, MoveArgs(mv)...)})
	}
	// The node that creates the game owns it, under the epoch it writes
	// under.
	if node, ok := game.NodeOf(ctx); ok {
		epoch, _ := game.EpochOf(ctx)
		w.Stmts = append(w.Stmts, Stmt{"UPDATE games SET owner = $2, owner_epoch = $3 WHERE id = $1", []any{rec.ID, node, epoch}})
	}
	return s.commit(ctx, op, w)
}

// AppendMove stores move mv of game id and the game's new state st in one
// transaction. It fails with game.CodeGameNotFound if there is no such game
// with game.CodeDecided if the stored game has ended or was aborted, and
// with game.CodePlyConflict if mv.Ply is not the number of moves stored;
// then nothing changes. If st ends a rated game, the players'
// ratings are updated in the same transaction.
func (s *Store) AppendMove(ctx context.Context, id string, mv game.MoveRecord, st game.State) error {
	w := appendWrites.Get().(*appendWrite)
	*w = appendWrite{id: id, ply: int64(mv.Ply), funcs: w.funcs}
	w.GameWrite.apply = w.funcs.apply
	if e, ok := game.EpochOf(ctx); ok {
		w.epoch, w.fence = e, &w.epoch
	}
	// The id and the ply go in both statements' arguments.
	idArg, plyArg := &w.id, &w.ply
	args, err := appendStateArgs(append(w.args[:0], idArg, plyArg), st, &w.state)
	if err != nil {
		return s.fail(w.op(), err)
	}
	if s.d.MoveRowApart {
		// The statements take no move (the fence is at MoveParam); the
		// move's row has its own arguments.
		args = append(args, w.fence)
		w.row = appendMoveArgs(append(w.rowArgs[:0], idArg, plyArg), mv, &w.move)
	} else {
		args = append(appendMoveArgs(args, mv, &w.move), w.fence)
	}
	// A move of a game under way writes its state but for the status and
	// the end time (AppendMovePlaying), which only its first and its last
	// move change: the first writes the whole state (AppendMove) at once,
	// the last finds the stored ones different, changes no row, and writes
	// the whole state instead.
	stmts := s.d.AppendMove
	if len(s.d.AppendMovePlaying) > 0 && st.Status == game.StatusStarted && mv.Ply > 0 {
		stmts, w.whole = s.d.AppendMovePlaying, s.d.AppendMove
	}
	if len(stmts) > len(w.stmts)-1 {
		panic("sqlstore: a dialect's AppendMove has more statements than appendWrite holds")
	}
	w.Stmts = w.stmts[:0]
	for _, text := range stmts {
		w.Stmts = append(w.Stmts, Stmt{text, args})
	}
	if w.row != nil {
		w.Stmts = append(w.Stmts, Stmt{insertMoveSQL, w.row})
	}
	w.OnZero = w.funcs.onZero
	if err := s.commitOp(ctx, w.op, s.ending(&w.GameWrite, id, st)); err != nil {
		// A write given up may still be in the writer's hands: it is
		// left to the collector.
		return err
	}
	*w = appendWrite{funcs: w.funcs}
	appendWrites.Put(w)
	return nil
}

// appendWrites keeps the writes of AppendMove for reuse, a kilobyte
// each: a write goes back once its commit has answered.
var appendWrites = sync.Pool{New: func() any {
	w := new(appendWrite)
	w.funcs = appendFuncs{apply: w.Apply, onZero: w.onZero}
	return w
}}

// appendWrite is the write of AppendMove, in one allocation with its
// statements and their arguments, and the values these point at.
type appendWrite struct {
	GameWrite
	id  string
	ply int64
	// fence is the write's fence as an argument: nil, or &epoch.
	fence any
	epoch int64
	// funcs are the write's methods made functions, once for every use
	// of the write.
	funcs appendFuncs
	// whole is the dialect's AppendMove when the write's statements are
	// AppendMovePlaying's.
	whole []string
	// row is the arguments of the move's row when the dialect inserts it
	// apart (MoveRowApart), in rowArgs.
	row     []any
	stmts   [3]Stmt
	args    [maxAppendArgs]any
	rowArgs [2 + MoveParams]any
	state   stateValues
	move    moveValues
}

// appendFuncs are an appendWrite's Apply and onZero as functions.
type appendFuncs struct{ apply, onZero func(Querier) error }

// maxAppendArgs is room for AppendMove's arguments, AppendFence of them.
const maxAppendArgs = 32

func init() {
	if AppendFence > maxAppendArgs {
		panic("sqlstore: AppendMove's arguments outgrow appendWrite")
	}
}

// op names the write in its errors.
func (w *appendWrite) op() string {
	return fmt.Sprintf("append move %d to game %q", w.ply, w.id)
}

// onZero is the write's OnZero: the first statement changed no row.
func (w *appendWrite) onZero(q Querier) error {
	args := w.Stmts[0].Args
	if w.whole != nil {
		n, err := q.Exec(w.whole[0], args...)
		if err != nil {
			return err
		}
		if n > 0 {
			for _, text := range w.whole[1:] {
				if _, err := q.Exec(text, args...); err != nil {
					return err
				}
			}
			if w.row != nil {
				_, err = q.Exec(insertMoveSQL, w.row...)
			}
			return err
		}
	}
	next, status, err := readGuard(q, w.id, w.fence)
	if err != nil {
		return err
	}
	if status.Finished() {
		return decided(w.id, status)
	}
	return game.NewError(game.CodePlyConflict,
		fmt.Sprintf("move at ply %d, but game %q has %d moves", w.ply, w.id, next), nil)
}

// SaveState replaces the state of game id. It fails with
// game.CodeGameNotFound if there is no such game, and with game.CodeDecided
// if the stored game has ended or was aborted and st does not carry that
// same end; then nothing changes. If st ends a rated game,
// the players' ratings are updated in the same transaction.
func (s *Store) SaveState(ctx context.Context, id string, st game.State) error {
	op := fmt.Sprintf("save state of game %q", id)
	sargs, err := StateArgs(st)
	if err != nil {
		return s.fail(op, err)
	}
	fence := fenceArg(ctx)
	w := &GameWrite{Stmts: []Stmt{{saveStateSQL, append(append([]any{id}, sargs...), fence)}},
		OnZero: func(q Querier) error {
			_, status, err := readGuard(q, id, fence)
			if err != nil {
				return err
			}
			return decided(id, status)
		}}
	return s.commit(ctx, op, s.ending(w, id, st))
}

// TakeBack takes moves back in game id: of the from moves stored, it
// keeps the first to and drops the others, and stores the game's new
// state st, in one transaction. It fails with game.CodeGameNotFound if
// there is no such game, with game.CodeDecided if the stored game has
// ended or was aborted, and with game.CodePlyConflict if the game does not
// hold from moves; then nothing changes.
func (s *Store) TakeBack(ctx context.Context, id string, from, to int, st game.State) error {
	op := fmt.Sprintf("take back game %q from ply %d to %d", id, from, to)
	if to < 0 || to >= from {
		return s.fail(op, game.NewError(game.CodePlyConflict, "a takeback keeps fewer moves than it found, and no fewer than none", nil))
	}
	sargs, err := StateArgs(st)
	if err != nil {
		return s.fail(op, err)
	}
	fence := fenceArg(ctx)
	w := &GameWrite{Stmts: []Stmt{
		{takeBackSQL, append(append([]any{id, from, to}, sargs...), fence)},
		{dropMovesSQL, []any{id, to}},
	}, OnZero: func(q Querier) error {
		next, status, err := readGuard(q, id, fence)
		if err != nil {
			return err
		}
		if status.Finished() {
			return decided(id, status)
		}
		return game.NewError(game.CodePlyConflict,
			fmt.Sprintf("takeback from ply %d, but game %q has %d moves", from, id, next), nil)
	}}
	return s.commit(ctx, op, w)
}

// Unfinished is the condition, on the games table, that a game has neither
// ended nor been aborted: the writes of a game's play apply only then.
var Unfinished = fmt.Sprintf("status NOT IN (%d, %d)", game.StatusAborted, game.StatusEnded)

// readGuard reads what decides why a write of game id, made under the
// epoch fence (nil: not fenced), changed no row: the moves stored and the
// status. It fails with game.CodeGameNotFound if there is no such game, and
// with game.CodeNotOwner if the game's epoch is newer than the fence.
func readGuard(q Querier, id string, fence any) (next int, status game.Status, err error) {
	var st, epoch int64
	err = q.QueryRow("SELECT next_ply, status, owner_epoch FROM games WHERE id = $1", id).Scan(&next, &st, &epoch)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, 0, NotFound(id)
	} else if err != nil {
		return 0, 0, err
	}
	if mine, ok := fenceEpoch(fence); ok && epoch > mine {
		return 0, 0, game.NewError(game.CodeNotOwner,
			fmt.Sprintf("game %q is owned under epoch %d, the write was made under %d; it is refused", id, epoch, mine), nil)
	}
	return next, game.Status(st), nil
}

// Fenced is the condition, on the games table, that a write made under the
// epoch of parameter n may apply: the parameter is NULL (a write that is
// not fenced) or the game's owner_epoch is no newer.
func Fenced(n int) string {
	return fmt.Sprintf(" AND (CAST($%d AS BIGINT) IS NULL OR owner_epoch <= $%d)", n, n)
}

// fenceArg is the fence parameter of a write made under ctx: the epoch
// game.WithEpoch set, or nil.
func fenceArg(ctx context.Context) any {
	if e, ok := game.EpochOf(ctx); ok {
		return e
	}
	return nil
}

// fenceEpoch returns the epoch of fence, a write's fence as an argument
// (an int64, or a pointer to one), and false for none.
func fenceEpoch(fence any) (int64, bool) {
	switch f := fence.(type) {
	case int64:
		return f, true
	case *int64:
		if f != nil {
			return *f, true
		}
	}
	return 0, false
}

// decided is the refusal of a write of game id, which the store holds with
// the given finished status: someone else decided the game.
func decided(id string, status game.Status) error {
	return game.NewError(game.CodeDecided, fmt.Sprintf("game %q is stored as %s; the write is refused", id, status), nil)
}

// ending marks w as the end of game id when st ends it. The end's rating
// reads the state's status, result and end time, never its clock: w keeps
// no pointer into the caller's state (see game.Store).
func (s *Store) ending(w *GameWrite, id string, st game.State) *GameWrite {
	if st.Status == game.StatusEnded {
		w.Ends, w.State = id, st
		w.State.Clock = nil
	}
	return w
}

// commit hands w to the Backend and wraps its error with op.
func (s *Store) commit(ctx context.Context, op string, w *GameWrite) error {
	return s.commitOp(ctx, func() string { return op }, w)
}

// commitOp is commit with op written only for an error: a move's write
// formats nothing when it succeeds.
func (s *Store) commitOp(ctx context.Context, op func() string, w *GameWrite) error {
	w.s = s
	if err := s.b.Commit(ctx, w); err != nil {
		return s.fail(op(), err)
	}
	return nil
}
