// tree.ts is the analysis board's move tree: a position and the moves
// played from it, each move a node whose first child continues its line
// and whose other children are variations; a comment on any move. It
// reads and writes PGN with its variations and comments (chessops's PGN
// parser and writer), and checks every move with chessops. No DOM, so
// that it is tested on its own.
import { Chess } from 'chessops/chess';
import { parseFen, makeFen, INITIAL_FEN } from 'chessops/fen';
import { parseUci, makeUci } from 'chessops/util';
import { makeSan, parseSan } from 'chessops/san';
import { parsePgn, makePgn, startingPosition, emptyHeaders, ChildNode, Node as PgnNode, type PgnNodeData, type Game } from 'chessops/pgn';

/** MoveNode is a position of the tree: the move that led to it (none at the root). */
export interface MoveNode {
  id: number;
  /** ply counts the moves from the tree's first position (0 at the root). */
  ply: number;
  uci: string;
  san: string;
  fen: string;
  comment: string;
  children: MoveNode[];
}

/** Path is the nodes from the root's first move to a node, by id; [] is the root. */
export type Path = number[];

let nextId = 1;

function node(ply: number, uci: string, san: string, fen: string): MoveNode {
  return { id: nextId++, ply, uci, san, fen, comment: '', children: [] };
}

/** Tree is a move tree from one position. */
export class Tree {
  readonly root: MoveNode;

  constructor(fen: string = INITIAL_FEN) {
    const pos = position(fen);
    if (!pos) throw new Error('analysis: not a legal position: ' + fen);
    this.root = node(0, '', '', makeFen(pos.toSetup()));
  }

  /** nodes are the nodes along path, the root first; undefined when path leads nowhere. */
  nodes(path: Path): MoveNode[] | undefined {
    const out = [this.root];
    for (const id of path) {
      const child = out[out.length - 1].children.find((c) => c.id === id);
      if (!child) return undefined;
      out.push(child);
    }
    return out;
  }

  /** at is the node at path (the root for a path that leads nowhere). */
  at(path: Path): MoveNode {
    const ns = this.nodes(path);
    return ns ? ns[ns.length - 1] : this.root;
  }

  /**
   * play plays uci from the node at path and returns the new path: to the
   * child that already has that move, or to a new child (a new variation
   * when the node already has a move); undefined for an illegal move.
   */
  play(path: Path, uci: string): Path | undefined {
    const from = this.at(path);
    const pos = position(from.fen);
    const move = parseUci(uci);
    if (!pos || !move || !pos.isLegal(move)) return undefined;
    const norm = makeUci(move);
    const same = from.children.find((c) => c.uci === norm);
    if (same) return [...path, same.id];
    const san = makeSan(pos, move);
    pos.play(move);
    const child = node(from.ply + 1, norm, san, makeFen(pos.toSetup()));
    from.children.push(child);
    return [...path, child.id];
  }

  /** promote makes the node at path the first choice of its parent (its line becomes the main one from there). */
  promote(path: Path): void {
    const ns = this.nodes(path);
    if (!ns || ns.length < 2) return;
    const parent = ns[ns.length - 2];
    const child = ns[ns.length - 1];
    parent.children = [child, ...parent.children.filter((c) => c !== child)];
  }

  /** remove deletes the node at path and what follows it; it returns the parent's path. */
  remove(path: Path): Path {
    const ns = this.nodes(path);
    if (!ns || ns.length < 2) return [];
    const parent = ns[ns.length - 2];
    parent.children = parent.children.filter((c) => c !== ns[ns.length - 1]);
    return path.slice(0, -1);
  }

  /** mainline is the path of the main line from the node at path to its end. */
  mainline(path: Path = []): Path {
    const out = [...path];
    let n = this.at(path);
    while (n.children[0]) {
      n = n.children[0];
      out.push(n.id);
    }
    return out;
  }

  /** sibling is the path to the variation before (dir -1) or after (dir 1) the node at path, or path itself when there is none. */
  sibling(path: Path, dir: 1 | -1): Path {
    const ns = this.nodes(path);
    if (!ns || ns.length < 2) return path;
    const siblings = ns[ns.length - 2].children;
    const i = siblings.indexOf(ns[ns.length - 1]) + dir;
    return i >= 0 && i < siblings.length ? [...path.slice(0, -1), siblings[i].id] : path;
  }

  /** pgn writes the tree as PGN: its variations and comments, the starting position in FEN and SetUp tags when it is not the usual one. */
  pgn(headers: [string, string][] = []): string {
    const game: Game<PgnNodeData> = { headers: new Map(headers), moves: new PgnNode() };
    if (this.root.fen !== INITIAL_FEN) {
      game.headers.set('SetUp', '1');
      game.headers.set('FEN', this.root.fen);
    }
    if (this.root.comment) game.comments = [this.root.comment];
    const copy = (from: MoveNode, to: PgnNode<PgnNodeData>) => {
      for (const c of from.children) {
        const child = new ChildNode<PgnNodeData>({ san: c.san, comments: c.comment ? [c.comment] : undefined });
        to.children.push(child);
        copy(c, child);
      }
    };
    copy(this.root, game.moves);
    return makePgn(game);
  }
}

/** position is the chess position of fen, or undefined when fen is not a legal one. */
export function position(fen: string): Chess | undefined {
  const setup = parseFen(fen.trim());
  if (setup.isErr) return undefined;
  const pos = Chess.fromSetup(setup.value);
  return pos.isErr ? undefined : pos.value;
}

/**
 * fromPgn reads the first game of text into a tree: its starting position,
 * its moves, variations and comments. A move that is not legal ends its
 * line (what came before it is kept); undefined when text has no game or
 * its starting position is not legal.
 */
export function fromPgn(text: string): Tree | undefined {
  const game = parsePgn(text, emptyHeaders)[0];
  if (!game) return undefined;
  const start = startingPosition(game.headers);
  if (start.isErr) return undefined;
  const tree = new Tree(makeFen(start.value.toSetup()));
  tree.root.comment = (game.comments ?? []).join(' ').trim();
  const walk = (from: PgnNode<PgnNodeData>, to: MoveNode, path: Path) => {
    for (const c of from.children) {
      const pos = position(to.fen)!;
      const move = parseSan(pos, c.data.san);
      if (!move) continue;
      const p = tree.play(path, makeUci(move))!;
      const n = tree.at(p);
      n.comment = (c.data.comments ?? []).join(' ').trim();
      walk(c, n, p);
    }
  };
  walk(game.moves, tree.root, []);
  return tree;
}

/** fromMoves is the tree of the moves (UCI) played from fen, as one line; undefined when fen is not legal. Moves stop at the first illegal one. */
export function fromMoves(fen: string, moves: string[]): { tree: Tree; path: Path } | undefined {
  if (!position(fen)) return undefined;
  const tree = new Tree(fen);
  let path: Path = [];
  for (const m of moves) {
    const next = tree.play(path, m);
    if (!next) break;
    path = next;
  }
  return { tree, path };
}

export { INITIAL_FEN };
