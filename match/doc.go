// Package match plays chess engines against each other and measures the
// difference in their strength.
//
// Games are played in pairs from the same opening with colours swapped, from
// a list of balanced openings (Openings) or the caller's own. The runner
// keeps the clocks (a time control with increment, or a fixed time per
// move) and decides every game by the rules of chess through chess.History:
// checkmate, stalemate, threefold repetition, the fifty-move rule and
// insufficient material; the only adjudication is an optional move limit.
// A side that oversteps its time loses (a draw if the opponent could not
// checkmate, FIDE 6.9); an engine that plays an illegal move, crashes or
// stops answering loses the game, and the fault is recorded in the PGN
// (Termination tag and a comment) and in the Summary.
//
// The score gives a logistic Elo difference with a 95 % interval from the
// trinomial variance of the results, and an optional sequential probability
// ratio test (SPRT) stops the match as soon as one of its hypotheses is
// accepted.
//
// Engines are Players: an external engine through package uci's Client
// (UCIEngine), or any uci.Engine running in this process (InProcess); the
// program wires the concrete engines.
//
// TimeControlSpec and ParseSPRT read a match's time control and test as a
// person writes them ("10+0.1", "elo0=0,elo1=10"). Engine clocks are in
// seconds with decimals, so they are not game's time controls, whose
// "10+0" is ten minutes.
package match
