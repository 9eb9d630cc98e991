package chess

import (
	"strconv"
	"strings"
)

// StartingFEN is the FEN of the initial position of standard chess.
const StartingFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

// Setup is a position as written in a FEN, not yet checked against the laws
// of chess. Setup.Position validates it.
type Setup struct {
	Board          [64]Piece
	Turn           Color
	CastlingRights Bitboard // squares of rooks that keep the right to castle
	EnPassant      Square   // NoSquare if none
	HalfmoveClock  int
	FullmoveNumber int
}

// CastlingMode says how castling rights are read and written.
type CastlingMode uint8

const (
	// Standard chess: a castling right needs the king on e1/e8 and the rook
	// on its corner.
	Standard CastlingMode = iota
	// Chess960 accepts any king between two rooks on the first rank and
	// reads X-FEN (KQkq as the outermost rooks) and Shredder-FEN (file letters).
	Chess960
)

// ParseFEN reads a FEN (the last two fields may be left out, as in EPD) and
// returns the position, or an *Error with a stable Code that says what is
// wrong: malformed text, or an impossible position.
func ParseFEN(fen string) (Position, error) {
	s, err := ParseSetup(fen)
	if err != nil {
		return Position{}, err
	}
	return s.Position(Standard)
}

// ParseSetup reads the text of a FEN without checking the laws of chess.
// Each castling letter becomes the square of the rook it stands for: K and
// Q the outermost rook on that side of the king, or the corner when there
// is none, a file letter the square of that file on the side's first rank;
// Setup.PositionWith then refuses, or drops, a right that no king and rook
// stand for.
func ParseSetup(fen string) (Setup, error) {
	var s Setup
	fields := strings.Fields(fen)
	if len(fields) != 4 && len(fields) != 6 {
		return s, errorf(CodeFENFields, kv("count", strconv.Itoa(len(fields))), "invalid FEN: want 6 fields (or 4), got %d", len(fields))
	}
	if err := s.parseBoard(fields[0]); err != nil {
		return s, err
	}
	switch fields[1] {
	case "w":
		s.Turn = White
	case "b":
		s.Turn = Black
	default:
		return s, errorf(CodeFENTurn, kv("text", clip(fields[1])), "invalid FEN: side to move %q: want w or b", clip(fields[1]))
	}
	if err := s.parseCastling(fields[2]); err != nil {
		return s, err
	}
	s.EnPassant = NoSquare
	if fields[3] != "-" {
		sq, ok := ParseSquare(fields[3])
		if !ok {
			return s, errorf(CodeFENEnPassant, kv("text", clip(fields[3])), "invalid FEN: en-passant field %q: want a square or -", clip(fields[3]))
		}
		s.EnPassant = sq
	}
	s.HalfmoveClock, s.FullmoveNumber = 0, 1
	if len(fields) == 6 {
		n, err := strconv.ParseUint(fields[4], 10, 16)
		if err != nil {
			return s, errorf(CodeFENHalfmove, kv("text", clip(fields[4])), "invalid FEN: halfmove clock %q: want a number from 0 to 65535", clip(fields[4]))
		}
		s.HalfmoveClock = int(n)
		n, err = strconv.ParseUint(fields[5], 10, 16)
		if err != nil || n == 0 {
			return s, errorf(CodeFENFullmove, kv("text", clip(fields[5])), "invalid FEN: fullmove number %q: want a number from 1 to 65535", clip(fields[5]))
		}
		s.FullmoveNumber = int(n)
	}
	return s, nil
}

func (s *Setup) parseBoard(board string) error {
	ranks := strings.Split(board, "/")
	if len(ranks) != 8 {
		return errorf(CodeFENBoardRanks, kv("count", strconv.Itoa(len(ranks))), "invalid FEN: the board has %d ranks, want 8", len(ranks))
	}
	for i, text := range ranks {
		rank := 7 - i
		file := 0
		for j := 0; j < len(text); j++ {
			c := text[j]
			switch {
			case c >= '1' && c <= '8':
				file += int(c - '0')
			default:
				color := White
				if c >= 'a' && c <= 'z' {
					color, c = Black, c-'a'+'A'
				}
				pt := pieceTypeFromLetter(c)
				if pt == NoPieceType {
					return errorf(CodeFENBoardPiece, kv("rank", strconv.Itoa(rank+1), "char", charParam(text[j])), "invalid FEN: rank %d: %q is not a piece", rank+1, text[j])
				}
				if file < 8 {
					s.Board[NewSquare(file, rank)] = NewPiece(color, pt)
				}
				file++
			}
			if file > 8 {
				break
			}
		}
		if file != 8 {
			return errorf(CodeFENBoardRankLength, kv("rank", strconv.Itoa(rank+1), "count", strconv.Itoa(file)), "invalid FEN: rank %d (%q) has %d squares, want 8", rank+1, clip(text), file)
		}
	}
	return nil
}

// parseCastling reads "-", standard/X-FEN "KQkq" or Shredder-FEN file
// letters ("HAha"), finding the square of the rook each letter stands for.
func (s *Setup) parseCastling(field string) error {
	if field == "-" {
		return nil
	}
	if len(field) > 4 {
		return errorf(CodeFENCastlingTooLong, kv("text", clip(field)), "invalid FEN: castling field %q is too long", clip(field))
	}
	for i := 0; i < len(field); i++ {
		c := field[i]
		color, rank := White, 0
		if c >= 'a' && c <= 'z' {
			color, rank, c = Black, 7, c-'a'+'A'
		}
		rookPiece := NewPiece(color, Rook)
		king := NoSquare
		for f := 0; f < 8; f++ {
			if s.Board[NewSquare(f, rank)] == NewPiece(color, King) {
				king = NewSquare(f, rank)
			}
		}
		rook := NoSquare
		switch {
		case c == 'K' || c == 'Q':
			// The outermost rook on that side of the king; with no king on
			// the first rank or no such rook, the corner, which
			// Setup.PositionWith refuses or drops.
			corner := NewSquare(0, rank)
			if c == 'K' {
				corner = NewSquare(7, rank)
			}
			if king == NoSquare {
				rook = corner
			} else if c == 'K' {
				for f := 7; f > king.File() && rook == NoSquare; f-- {
					if s.Board[NewSquare(f, rank)] == rookPiece {
						rook = NewSquare(f, rank)
					}
				}
			} else {
				for f := 0; f < king.File() && rook == NoSquare; f++ {
					if s.Board[NewSquare(f, rank)] == rookPiece {
						rook = NewSquare(f, rank)
					}
				}
			}
			if rook == NoSquare {
				rook = corner
			}
		case c >= 'A' && c <= 'H':
			rook = NewSquare(int(c-'A'), rank)
		default:
			return errorf(CodeFENCastlingLetter, kv("char", charParam(field[i])), "invalid FEN: castling field %q: %q is not K, Q, k, q or a file letter", field, field[i])
		}
		if s.CastlingRights.Has(rook) {
			return errorf(CodeFENCastlingTwice, kv("square", rook.String()), "invalid FEN: castling field %q names the rook on %s twice", field, rook)
		}
		s.CastlingRights |= rook.Bitboard()
	}
	return nil
}

// FEN returns the position's FEN. The en-passant square is written only when
// an en-passant capture is legal (as lichess does), so equal positions
// under the repetition rule have equal FENs but for the move counters.
func (p *Position) FEN() string {
	var sb strings.Builder
	sb.Grow(fenRoom)
	for r := 7; r >= 0; r-- {
		empty := 0
		for f := 0; f < 8; f++ {
			pc := p.board[NewSquare(f, r)]
			if pc == NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				sb.WriteByte(byte('0' + empty))
				empty = 0
			}
			sb.WriteString(pc.FENLetter())
		}
		if empty > 0 {
			sb.WriteByte(byte('0' + empty))
		}
		if r > 0 {
			sb.WriteByte('/')
		}
	}
	if p.turn == White {
		sb.WriteString(" w ")
	} else {
		sb.WriteString(" b ")
	}
	p.writeCastling(&sb)
	sb.WriteByte(' ')
	sb.WriteString(p.EnPassantSquare().String())
	sb.WriteByte(' ')
	var num [20]byte
	sb.Write(strconv.AppendInt(num[:0], int64(p.halfmove), 10))
	sb.WriteByte(' ')
	sb.Write(strconv.AppendInt(num[:0], int64(p.fullmove), 10))
	return sb.String()
}

// fenRoom is room for a FEN of any position with move counters of up to
// four digits (the longest board, 64 letters and 7 slashes, with 20 more),
// made once so that the FEN is written into one allocation.
const fenRoom = 96

// writeCastling writes to sb the castling rights as KQkq, or for a
// Chess960 rook that is not the outermost on its side, as its file letter
// (X-FEN); "-" for none.
func (p *Position) writeCastling(sb *strings.Builder) {
	if p.castling == 0 {
		sb.WriteByte('-')
		return
	}
	for _, c := range [2]Color{White, Black} {
		rights := p.castling & backRank(c)
		king := p.KingSquare(c)
		rooks := p.Pieces(c, Rook) & backRank(c)
		// King side first (descending files), then queen side.
		for b := rights; b != 0; {
			sq := b.Last()
			b &^= sq.Bitboard()
			var letter byte
			if sq > king {
				letter = 'K'
				if rooks&^(sq.Bitboard()-1)&^sq.Bitboard() != 0 {
					letter = 'A' + byte(sq.File())
				}
			} else {
				letter = 'Q'
				if rooks&(sq.Bitboard()-1) != 0 {
					letter = 'A' + byte(sq.File())
				}
			}
			if c == Black {
				letter += 'a' - 'A'
			}
			sb.WriteByte(letter)
		}
	}
}
