package chess

// IsInsufficientMaterial reports whether neither side can possibly
// checkmate because of the material left: king against king, a king and
// one minor piece against a lone king, or kings and any number of bishops
// all standing on squares of one colour. Such a game is drawn (FIDE 5.2.2).
func (p *Position) IsInsufficientMaterial() bool {
	if p.byType[Pawn]|p.byType[Rook]|p.byType[Queen] != 0 {
		return false
	}
	if p.byType[0].Count() <= 3 {
		return true
	}
	bishops := p.byType[Bishop]
	return p.byType[Knight] == 0 && (bishops&LightSquares == 0 || bishops&DarkSquares == 0)
}

// materialCouldMate reports whether c could still checkmate as far as the
// material on the board decides: the cheap first filter of
// AnalyzeWinnability (and so of CouldCheckmate). It follows the analysis
// lichess uses:
//   - a lone king cannot mate;
//   - a king and one knight cannot mate a king that has only queens left
//     (with anything else beside the enemy king a help-mate exists);
//   - kings and bishops cannot mate if all bishops on the board stand on
//     one colour and the enemy has neither a knight nor a pawn;
//   - any other material could mate.
func (p *Position) materialCouldMate(c Color) bool {
	mine := p.byColor[c] &^ p.byType[King]
	theirs := p.byColor[c.Other()]
	switch {
	case mine == 0:
		return false
	case mine == mine&p.byType[Knight]:
		return mine.More() || theirs&^(p.byType[King]|p.byType[Queen]) != 0
	case mine == mine&p.byType[Bishop]:
		bishops := p.byType[Bishop]
		oppositeColours := bishops&LightSquares != 0 && bishops&DarkSquares != 0
		return oppositeColours || theirs&(p.byType[Knight]|p.byType[Pawn]) != 0
	}
	return true
}
