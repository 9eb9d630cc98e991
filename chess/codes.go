package chess

// CodeInfo describes one error code: the code, the names of the parameters
// its message uses, and when it is returned. It is the rules core's
// (chess, chess/pgn, uci) copy of coded.Info, which the rest of JoinPal
// uses: the rules core imports nothing of ours.
type CodeInfo struct {
	Code   string
	Params []string
	When   string
}

// The error codes of package chess. They are part of JoinPal's API: clients
// and the message catalogues of package i18n key on them, so an existing
// code never changes; a new one is added here, to [Codes], to both
// catalogues and to docs/ERRORS.md.
const (
	CodeFENFields           = "chess.fen.fields"
	CodeFENBoardRanks       = "chess.fen.board.ranks"
	CodeFENBoardPiece       = "chess.fen.board.piece"
	CodeFENBoardRankLength  = "chess.fen.board.rank_length"
	CodeFENTurn             = "chess.fen.turn"
	CodeFENCastlingTooLong  = "chess.fen.castling.too_long"
	CodeFENCastlingLetter   = "chess.fen.castling.letter"
	CodeFENCastlingTwice    = "chess.fen.castling.twice"
	CodeFENEnPassant        = "chess.fen.en_passant"
	CodeFENHalfmove         = "chess.fen.halfmove"
	CodeFENFullmove         = "chess.fen.fullmove"
	CodeMissingKing         = "chess.position.missing_king"
	CodeTooManyKings        = "chess.position.too_many_kings"
	CodeTooManyPieces       = "chess.position.too_many_pieces"
	CodeTooManyPawns        = "chess.position.too_many_pawns"
	CodePawnOnBackRank      = "chess.position.pawn_on_back_rank"
	CodeOppositeCheck       = "chess.position.opposite_check"
	CodeCastlingNoKing      = "chess.position.castling.no_king"
	CodeCastlingNoRook      = "chess.position.castling.no_rook"
	CodeCastlingKingNotHome = "chess.position.castling.king_not_home"
	CodeCastlingRookCorner  = "chess.position.castling.rook_not_in_corner"
	CodeCastlingTwoRooks    = "chess.position.castling.two_rooks"
	CodeCastlingBadSquare   = "chess.position.castling.bad_square"
	CodeEnPassantRank       = "chess.position.en_passant.rank"
	CodeEnPassantNoPawn     = "chess.position.en_passant.no_pawn"
	CodeEnPassantOccupied   = "chess.position.en_passant.occupied"
	CodeUCISyntax           = "chess.move.syntax.uci"
	CodeUCIPromotion        = "chess.move.syntax.uci_promotion"
	CodeSANEmpty            = "chess.move.syntax.san_empty"
	CodeSANPieceLetter      = "chess.move.syntax.san_piece"
	CodeSANSquare           = "chess.move.syntax.san_square"
	CodeSANPrefix           = "chess.move.syntax.san_prefix"
	CodeAmbiguousMove       = "chess.move.ambiguous"
	CodeGameOverCheckmate   = "chess.move.illegal.checkmate"
	CodeGameOverStalemate   = "chess.move.illegal.stalemate"
	CodeSameSquare          = "chess.move.illegal.same_square"
	CodeNoPiece             = "chess.move.illegal.no_piece"
	CodeOpponentsPiece      = "chess.move.illegal.opponents_piece"
	CodeOwnPieceOnTarget    = "chess.move.illegal.own_piece_on_target"
	CodeMustPromote         = "chess.move.illegal.must_promote"
	CodePromotionTooEarly   = "chess.move.illegal.promotion_too_early"
	CodePromotionNotPawn    = "chess.move.illegal.promotion_not_pawn"
	CodePromotionPiece      = "chess.move.illegal.promotion_piece"
	CodePawnCaptureEmpty    = "chess.move.illegal.pawn_capture_empty"
	CodeUnreachable         = "chess.move.illegal.unreachable"
	CodeCheckNotParried     = "chess.move.illegal.check_not_parried"
	CodeSelfCheck           = "chess.move.illegal.self_check"
	CodeNoSuchPiece         = "chess.move.illegal.no_such_piece"
	CodeNoPieceReaches      = "chess.move.illegal.no_piece_reaches"
	CodeCastlingNoRight     = "chess.move.illegal.castling.no_right"
	CodeCastlingInCheck     = "chess.move.illegal.castling.in_check"
	CodeCastlingBlocked     = "chess.move.illegal.castling.blocked"
	CodeCastlingThroughChk  = "chess.move.illegal.castling.through_check"
	CodeCastlingIntoCheck   = "chess.move.illegal.castling.into_check"
)

// The error codes of positions that no game can reach (see
// Setup.PositionWith).
const (
	CodeTooMuchMaterial           = "chess.position.too_much_material"
	CodeImpossibleCheckCount      = "chess.position.impossible_check.too_many_checkers"
	CodeImpossibleCheckAligned    = "chess.position.impossible_check.aligned"
	CodeImpossibleCheckSteppers   = "chess.position.impossible_check.two_steppers"
	CodeImpossibleCheckDoubleStep = "chess.position.impossible_check.double_step"
)

// codes is the table behind [Codes], in the order of docs/ERRORS.md.
var codes = []CodeInfo{
	{CodeFENFields, []string{"count"}, "a FEN has neither 6 fields nor 4"},
	{CodeFENBoardRanks, []string{"count"}, "the placement field of a FEN does not have 8 ranks"},
	{CodeFENBoardPiece, []string{"rank", "char"}, "a FEN rank holds a character that is neither a piece letter nor a digit"},
	{CodeFENBoardRankLength, []string{"rank", "count"}, "a FEN rank does not add up to 8 squares"},
	{CodeFENTurn, []string{"text"}, "the side-to-move field of a FEN is not w or b"},
	{CodeFENCastlingTooLong, []string{"text"}, "the castling field of a FEN has more than 4 letters"},
	{CodeFENCastlingLetter, []string{"char"}, "the castling field of a FEN holds a letter other than K, Q, k, q or a file"},
	{CodeFENCastlingTwice, []string{"square"}, "the castling field of a FEN names one rook twice"},
	{CodeFENEnPassant, []string{"text"}, "the en-passant field of a FEN is neither a square nor -"},
	{CodeFENHalfmove, []string{"text"}, "the halfmove clock of a FEN is not a number from 0 to 65535"},
	{CodeFENFullmove, []string{"text"}, "the fullmove number of a FEN is not a number from 1 to 65535"},
	{CodeMissingKing, []string{"color"}, "a side has no king"},
	{CodeTooManyKings, []string{"color", "count"}, "a side has more than one king"},
	{CodeTooManyPieces, []string{"color", "count"}, "a side has more than 16 pieces"},
	{CodeTooManyPawns, []string{"color", "count"}, "a side has more than 8 pawns"},
	{CodePawnOnBackRank, []string{"square"}, "a pawn stands on the first or the last rank"},
	{CodeOppositeCheck, []string{"color"}, "the side that is not to move is in check"},
	{CodeCastlingNoKing, []string{"color"}, "a castling right, but the side's king is not on its first rank"},
	{CodeCastlingNoRook, []string{"color"}, "a castling right that no rook of the side stands for"},
	{CodeCastlingKingNotHome, []string{"color", "square"}, "a castling right in standard chess, but the king is not on e1 or e8"},
	{CodeCastlingRookCorner, []string{"color", "square"}, "a castling right in standard chess for a rook that is not in its corner"},
	{CodeCastlingTwoRooks, []string{"color"}, "castling rights for two rooks on the same side of the king"},
	{CodeCastlingBadSquare, []string{"square"}, "a castling right on a square that holds no rook of its side on its first rank"},
	{CodeEnPassantRank, []string{"square"}, "an en-passant square that is not on the sixth rank of the side to move"},
	{CodeEnPassantNoPawn, []string{"square"}, "an en-passant square with no pawn in front of it that could have made the double step"},
	{CodeEnPassantOccupied, []string{"square"}, "an en-passant square (or the square the pawn came from) that is occupied"},
	{CodeTooMuchMaterial, []string{"color", "promoted", "missing"}, "a side has more pieces beyond the initial set (one queen, two rooks, two knights, a bishop on each colour) than missing pawns that could have promoted"},
	{CodeImpossibleCheckCount, []string{"color", "count"}, "the side to move is checked by three pieces or more (a move gives at most two checks)"},
	{CodeImpossibleCheckAligned, []string{"color", "first", "second"}, "the side to move is checked by two pieces on one line with its king (no move uncovers such a pair)"},
	{CodeImpossibleCheckSteppers, []string{"color", "first", "second"}, "the side to move is checked by two pawns, knights or kings (they give check only by moving, one at a time)"},
	{CodeImpossibleCheckDoubleStep, []string{"color", "square", "ep"}, "an en-passant square says the last move was a double step, which cannot have given the check from square"},
	{CodeUCISyntax, []string{"move"}, "text that is not a UCI move like e2e4 or e7e8q"},
	{CodeUCIPromotion, []string{"move"}, "a UCI move whose promotion letter is not q, r, b or n"},
	{CodeSANEmpty, nil, "an empty SAN move"},
	{CodeSANPieceLetter, []string{"move"}, "a SAN move that starts with a capital letter that is not K, Q, R, B or N"},
	{CodeSANSquare, []string{"move"}, "a SAN move without a target square"},
	{CodeSANPrefix, []string{"move"}, "a SAN move with characters before its target square that are not a file, a rank or x"},
	{CodeAmbiguousMove, []string{"move", "piece", "square"}, "a SAN move that more than one piece could make"},
	{CodeGameOverCheckmate, []string{"move"}, "a move after checkmate"},
	{CodeGameOverStalemate, []string{"move"}, "a move after stalemate"},
	{CodeSameSquare, []string{"move"}, "a move to the square it starts from"},
	{CodeNoPiece, []string{"move", "square"}, "a move from an empty square"},
	{CodeOpponentsPiece, []string{"move", "piece", "square"}, "a move of the opponent's piece"},
	{CodeOwnPieceOnTarget, []string{"move", "square"}, "a move onto a square the mover's own piece holds"},
	{CodeMustPromote, []string{"move"}, "a pawn move to the last rank without a promotion piece"},
	{CodePromotionTooEarly, []string{"move"}, "a promotion piece on a pawn move that does not reach the last rank"},
	{CodePromotionNotPawn, []string{"move", "piece"}, "a promotion piece on the move of a piece that is not a pawn"},
	{CodePromotionPiece, []string{"move"}, "a promotion to a king or a pawn"},
	{CodePawnCaptureEmpty, []string{"move", "square"}, "a pawn's diagonal step to an empty square that is not the en-passant square"},
	{CodeUnreachable, []string{"move", "piece", "from", "to"}, "a piece's move that its way of moving does not allow, or that another piece blocks"},
	{CodeCheckNotParried, []string{"move"}, "a move that leaves the mover's king in the check it was in"},
	{CodeSelfCheck, []string{"move"}, "a move that exposes the mover's own king to check"},
	{CodeNoSuchPiece, []string{"move", "piece", "square"}, "a SAN move for a piece the mover does not have (there or at all)"},
	{CodeNoPieceReaches, []string{"move", "piece", "square"}, "a SAN move that none of the mover's pieces of that kind can make"},
	{CodeCastlingNoRight, []string{"move", "side"}, "castling on a side where the king or that rook has moved"},
	{CodeCastlingInCheck, []string{"move"}, "castling while in check"},
	{CodeCastlingBlocked, []string{"move"}, "castling with pieces between the king and the rook or on their targets"},
	{CodeCastlingThroughChk, []string{"move", "square"}, "castling across a square that an enemy piece attacks"},
	{CodeCastlingIntoCheck, []string{"move", "square"}, "castling onto a square that an enemy piece attacks"},
}

// Codes lists every error code of package chess with its parameters and
// when it is returned. The caller may change the slice it gets.
func Codes() []CodeInfo {
	out := make([]CodeInfo, 0, len(codes)+len(explainCodes))
	return append(append(out, codes...), explainCodes...)
}

// Words lists the catalogue codes of the words that parameters of chess
// messages take: for a "piece" parameter, "piece.pawn" ... "piece.king"
// (the piece with its article: "el caballo", "the knight") and
// "pieces.pawn" ... "pieces.king" (the plural: "caballos", "knights"); for
// a "color" one, "color.white" and "color.black"; for a castling "side",
// "castling.king" and "castling.queen". A message template shows such a
// parameter as {piece:piece} or {piece:pieces}, i.e. the text of the code
// made of the family, a dot and the parameter's value.
func Words() []string {
	var w []string
	for _, family := range []string{"piece.", "pieces."} {
		for pt := Pawn; pt <= King; pt++ {
			w = append(w, family+pt.String())
		}
	}
	return append(w, "color.white", "color.black", "castling.king", "castling.queen")
}
