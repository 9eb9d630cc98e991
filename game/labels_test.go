package game

import (
	"slices"
	"testing"

	"github.com/joinpal/joinpal/i18n"
)

func TestOutcomeCode(t *testing.T) {
	ended := func(term Termination, r Result) State {
		return State{Status: StatusEnded, Termination: term, Result: r}
	}
	tests := []struct {
		name   string
		st     State
		toMove Side
		code   string
		es, en string
	}{
		{"mate", ended(Checkmate, WhiteWins), Black, "outcome.checkmate.white", "Las blancas ganan por jaque mate", "White wins by checkmate"},
		{"resigned", ended(Resignation, BlackWins), White, "outcome.resignation.black", "Las negras ganan: las blancas abandonaron", "Black wins: White resigned"},
		{"flag", ended(Timeout, BlackWins), White, "outcome.timeout.black", "Las negras ganan por tiempo", "Black wins on time"},
		{"flag, cannot mate", ended(TimeoutVsInsufficientMaterial, Drawn), White, "outcome.timeout_vs_insufficient_material.black", "Tablas: las negras no pueden dar mate (tiempo)", "Draw: Black cannot checkmate (time)"},
		{"abandoned", ended(Abandonment, WhiteWins), White, "outcome.abandonment.white", "Las blancas ganan: las negras dejaron la partida", "White wins: Black left the game"},
		{"no-show", ended(NoShow, BlackWins), White, "outcome.no_show.black", "Las negras ganan por incomparecencia", "Black wins: White did not show up"},
		{"both absent", ended(NoShow, BothLose), White, "outcome.no_show.both", "Ambos pierden por incomparecencia", "Both lose: neither player showed up"},
		{"no start", ended(NoStart, WhiteWins), Black, "outcome.no_start.white", "Las blancas ganan: las negras no empezaron la partida", "White wins: Black did not start the game"},
		{"repetition", ended(ThreefoldRepetition, Drawn), White, "outcome.threefold_repetition", "Tablas por triple repetición", "Draw by threefold repetition"},
		{"aborted", State{Status: StatusAborted}, White, "outcome.aborted", "Partida anulada", "Game aborted"},
		{"going on", State{Status: StatusStarted}, White, "", "", ""},
		{"inconsistent", ended(Checkmate, Drawn), White, "", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code := OutcomeCode(tt.st, tt.toMove)
			if code == "" && tt.code == "" {
				return
			}
			checkLabel(t, code, tt.code, tt.es, tt.en)
		})
	}
}

func TestLabelCodes(t *testing.T) {
	codes := LabelCodes()
	for _, want := range []string{"side.black", "status.ended", "termination.none", "termination.no_show", "result.both_lose",
		"outcome.aborted", "outcome.no_show.both", "outcome.checkmate.black", "outcome.agreement"} {
		if !slices.Contains(codes, want) {
			t.Errorf("LabelCodes lacks %q", want)
		}
	}
	for _, c := range []string{"outcome.stalemate.white", "outcome.no_show", "outcome.agreement.both"} {
		if slices.Contains(codes, c) {
			t.Errorf("LabelCodes has %q, which OutcomeCode never returns", c)
		}
	}
	if len(slices.Compact(slices.Sorted(slices.Values(codes)))) != len(codes) {
		t.Error("LabelCodes has duplicates")
	}
	for _, c := range codes {
		for _, lang := range i18n.Languages() {
			if !i18n.Has(lang, c) {
				t.Errorf("%s has no text in %s", c, lang)
			}
		}
	}
}
