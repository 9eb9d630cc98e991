// outbox.ts keeps the player's move until the server answers it: a move is
// sent with an id of its own; when the socket drops before its `ack` or
// `error`, it is sent again with the same id on the new socket (the server
// plays it at most once: docs/PROTOCOL.md, "Moves, ids and
// acknowledgements").

/** MoveFrame is the data of a `move` frame to the server. */
export interface MoveFrame {
  uci: string;
  ply: number;
  id: number;
  lag?: number;
}

/** Outbox holds the moves sent and not yet answered. */
export class Outbox {
  private next: number;
  private pending = new Map<number, MoveFrame>();

  /** constructor starts the ids at first (a page takes the time, so ids differ across reloads). */
  constructor(first = Date.now() % 1_000_000_000) {
    this.next = first;
  }

  /** id returns a new id for an action. */
  id(): number {
    return this.next++;
  }

  /** add keeps a new move for ply and returns its frame. */
  add(uci: string, ply: number, lag?: number): MoveFrame {
    const f: MoveFrame = { uci, ply, id: this.id() };
    if (lag) f.lag = lag;
    this.pending.set(f.id, f);
    return f;
  }

  /** answered forgets the move with id (an ack or an error came); it reports whether it was a move held here. */
  answered(id: number | undefined): boolean {
    if (id === undefined) return false;
    return this.pending.delete(id);
  }

  /** waiting returns the moves still unanswered, oldest first (to send again). */
  waiting(): MoveFrame[] {
    return [...this.pending.values()];
  }

  /** clear forgets every move (a `full` frame, a game that ended). */
  clear(): void {
    this.pending.clear();
  }

  /** size is the number of unanswered moves. */
  get size(): number {
    return this.pending.size;
  }
}
