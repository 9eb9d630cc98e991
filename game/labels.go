package game

// Interface words and sentences of package game live in package i18n's
// catalogues, under the codes that LabelCode and OutcomeCode return:
//
//	side.<side>                   Side.LabelCode         "Blancas"
//	status.<status>               Status.LabelCode       "En curso"
//	termination.<termination>     Termination.LabelCode  "Jaque mate"
//	result.<name>                 Result.LabelCode       "Ganan las blancas"
//	outcome.<termination>.<side>  OutcomeCode            "Las blancas ganan por jaque mate"
//	outcome.<termination>.both    OutcomeCode            "Ambos pierden por incomparecencia"
//	outcome.<termination>         OutcomeCode            "Tablas por triple repetición"
//	outcome.aborted               OutcomeCode            "Partida anulada"

// OutcomeCode returns the code of the sentence that tells how a game ended,
// in package i18n's catalogues, from its state and the side that was to
// move when it ended (the side whose flag fell, for a timeout):
//
//   - a win: "outcome.<termination>.<winner>", e.g.
//     "outcome.checkmate.white" ("Las blancas ganan por jaque mate");
//   - a no-show of both players: "outcome.no_show.both";
//   - a flag against a side that cannot checkmate:
//     "outcome.timeout_vs_insufficient_material.<side that cannot mate>",
//     e.g. ".black" when White's flag fell ("Tablas: las negras no pueden
//     dar mate (tiempo)");
//   - any other draw: "outcome.<termination>", e.g.
//     "outcome.threefold_repetition";
//   - an aborted game: "outcome.aborted".
//
// A game that has not ended, or a state whose termination does not allow
// its result, gives "".
func OutcomeCode(st State, toMove Side) string {
	switch {
	case st.Status == StatusAborted:
		return "outcome.aborted"
	case st.Status != StatusEnded || st.Termination == TerminationNone || !st.Termination.Allows(st.Result):
		return ""
	case st.Termination == TimeoutVsInsufficientMaterial:
		return "outcome." + st.Termination.String() + "." + toMove.Other().String()
	case st.Result == Drawn:
		return "outcome." + st.Termination.String()
	case st.Result == BothLose:
		return "outcome." + st.Termination.String() + ".both"
	}
	winner, _ := st.Result.Winner()
	return "outcome." + st.Termination.String() + "." + winner.String()
}

// OutcomeCode returns the code of the sentence that tells how the game
// ended (see the function [OutcomeCode]), or "" while it goes on.
func (g *Game) OutcomeCode() string { return OutcomeCode(g.rec.State, g.Turn()) }

// LabelCodes lists every code of package game's words and sentences in the
// catalogues: the sides, statuses, terminations and results, and every
// outcome sentence [OutcomeCode] can return.
func LabelCodes() []string {
	var out []string
	for _, s := range []Side{White, Black} {
		out = append(out, s.LabelCode())
	}
	for _, s := range Statuses() {
		out = append(out, s.LabelCode())
	}
	out = append(out, TerminationNone.LabelCode())
	for _, t := range Terminations() {
		out = append(out, t.LabelCode())
	}
	for r := NoResult; r.Valid(); r++ {
		out = append(out, r.LabelCode())
	}
	return append(out, outcomeCodes()...)
}

// outcomeCodes lists what OutcomeCode returns for every termination and
// result that go together.
func outcomeCodes() []string {
	out := []string{OutcomeCode(State{Status: StatusAborted}, White)}
	seen := map[string]bool{}
	for _, t := range Terminations() {
		for r := NoResult; r.Valid(); r++ {
			for _, toMove := range []Side{White, Black} {
				code := OutcomeCode(State{Status: StatusEnded, Termination: t, Result: r}, toMove)
				if code != "" && !seen[code] {
					seen[code] = true
					out = append(out, code)
				}
			}
		}
	}
	return out
}
