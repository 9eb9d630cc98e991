package chess

// A slow, obviously correct move generator used as the reference in tests
// and fuzzing: it walks the board square by square, tries every move a
// piece could make, plays it on a plain array and keeps it if the mover's
// king is not attacked afterwards. It shares nothing with movegen.go.

type refBoard [64]Piece

func onBoard(f, r int) bool { return f >= 0 && f < 8 && r >= 0 && r < 8 }

// refAttacked reports whether colour by attacks square s on board b.
func refAttacked(b *refBoard, s Square, by Color) bool {
	f, r := s.File(), s.Rank()
	for _, d := range [8][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}} {
		if onBoard(f+d[0], r+d[1]) && b[NewSquare(f+d[0], r+d[1])] == NewPiece(by, Knight) {
			return true
		}
	}
	for _, d := range [8][2]int{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}} {
		if onBoard(f+d[0], r+d[1]) && b[NewSquare(f+d[0], r+d[1])] == NewPiece(by, King) {
			return true
		}
		straight := d[0] == 0 || d[1] == 0
		for ff, rr := f+d[0], r+d[1]; onBoard(ff, rr); ff, rr = ff+d[0], rr+d[1] {
			pc := b[NewSquare(ff, rr)]
			if pc == NoPiece {
				continue
			}
			if pc.Color() == by && (pc.Type() == Queen || (straight && pc.Type() == Rook) || (!straight && pc.Type() == Bishop)) {
				return true
			}
			break
		}
	}
	dir := 1
	if by == Black {
		dir = -1
	}
	for _, df := range []int{-1, 1} {
		if onBoard(f+df, r-dir) && b[NewSquare(f+df, r-dir)] == NewPiece(by, Pawn) {
			return true
		}
	}
	return false
}

func refKing(b *refBoard, c Color) Square {
	for s := Square(0); s < 64; s++ {
		if b[s] == NewPiece(c, King) {
			return s
		}
	}
	return NoSquare
}

// refLegalMoves returns the legal moves of p by brute force.
func refLegalMoves(p *Position) []Move {
	var b refBoard = p.board
	us := p.turn
	var pseudo []Move
	for s := Square(0); s < 64; s++ {
		pc := b[s]
		if pc == NoPiece || pc.Color() != us {
			continue
		}
		f, r := s.File(), s.Rank()
		target := func(ff, rr int) (Square, bool) {
			if !onBoard(ff, rr) {
				return 0, false
			}
			t := NewSquare(ff, rr)
			return t, b[t] == NoPiece || b[t].Color() != us
		}
		switch pc.Type() {
		case Knight, King:
			offs := [8][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}
			if pc.Type() == King {
				offs = [8][2]int{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}}
			}
			for _, d := range offs {
				if t, ok := target(f+d[0], r+d[1]); ok {
					pseudo = append(pseudo, newMove(s, t, kindNormal))
				}
			}
		case Bishop, Rook, Queen:
			for _, d := range [8][2]int{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}} {
				straight := d[0] == 0 || d[1] == 0
				if (pc.Type() == Rook && !straight) || (pc.Type() == Bishop && straight) {
					continue
				}
				for ff, rr := f+d[0], r+d[1]; onBoard(ff, rr); ff, rr = ff+d[0], rr+d[1] {
					t := NewSquare(ff, rr)
					if b[t] != NoPiece && b[t].Color() == us {
						break
					}
					pseudo = append(pseudo, newMove(s, t, kindNormal))
					if b[t] != NoPiece {
						break
					}
				}
			}
		case Pawn:
			dir, start, last := 1, 1, 7
			if us == Black {
				dir, start, last = -1, 6, 0
			}
			add := func(t Square, kind moveKind) {
				if t.Rank() == last {
					for _, pt := range []PieceType{Knight, Bishop, Rook, Queen} {
						pseudo = append(pseudo, newPromotion(s, t, pt))
					}
				} else {
					pseudo = append(pseudo, newMove(s, t, kind))
				}
			}
			if onBoard(f, r+dir) && b[NewSquare(f, r+dir)] == NoPiece {
				add(NewSquare(f, r+dir), kindNormal)
				if r == start && b[NewSquare(f, r+2*dir)] == NoPiece {
					add(NewSquare(f, r+2*dir), kindNormal)
				}
			}
			for _, df := range []int{-1, 1} {
				if !onBoard(f+df, r+dir) {
					continue
				}
				t := NewSquare(f+df, r+dir)
				if b[t] != NoPiece && b[t].Color() != us {
					add(t, kindNormal)
				} else if t == p.ep {
					add(t, kindEnPassant)
				}
			}
		}
	}
	// Castling: king and rook squares from the rights; the rules spelled out.
	ksq := refKing(&b, us)
	for _, rsq := range p.castling.Squares() {
		if b[rsq] != NewPiece(us, Rook) || rsq.Rank() != ksq.Rank() {
			continue
		}
		m := newMove(ksq, rsq, kindCastling)
		kto, rto := m.CastlingKingTo(), m.castlingRookTo()
		ok := !refAttacked(&b, ksq, us.Other())
		lo, hi := min(ksq.File(), rsq.File(), kto.File(), rto.File()), max(ksq.File(), rsq.File(), kto.File(), rto.File())
		for f := lo; f <= hi && ok; f++ {
			sq := NewSquare(f, ksq.Rank())
			if sq != ksq && sq != rsq && b[sq] != NoPiece {
				ok = false
			}
		}
		kstep := 1
		if kto.File() < ksq.File() {
			kstep = -1
		}
		for f := ksq.File(); ok; f += kstep {
			tmp := b
			tmp[ksq], tmp[rsq] = NoPiece, NoPiece
			tmp[NewSquare(f, ksq.Rank())] = NewPiece(us, King)
			if refAttacked(&tmp, NewSquare(f, ksq.Rank()), us.Other()) {
				ok = false
			}
			if f == kto.File() {
				break
			}
		}
		if ok {
			pseudo = append(pseudo, m)
		}
	}
	var legal []Move
	for _, m := range pseudo {
		after := refPlay(b, m, us)
		if !refAttacked(&after, refKing(&after, us), us.Other()) {
			legal = append(legal, m)
		}
	}
	return legal
}

func refPlay(b refBoard, m Move, us Color) refBoard {
	from, to := m.From(), m.To()
	switch {
	case m.IsCastling():
		king, rook := b[from], b[to]
		b[from], b[to] = NoPiece, NoPiece
		b[m.CastlingKingTo()], b[m.castlingRookTo()] = king, rook
	case m.IsEnPassant():
		b[NewSquare(to.File(), from.Rank())] = NoPiece
		b[to], b[from] = b[from], NoPiece
	default:
		b[to], b[from] = b[from], NoPiece
		if pt := m.Promotion(); pt != NoPieceType {
			b[to] = NewPiece(us, pt)
		}
	}
	return b
}
