// engine.ts runs the analysis board's engine in the browser: Fairy-
// Stockfish 14 of @lichess-org/stockfish-web (lichess's WebAssembly builds;
// its classical evaluation needs no network file), loaded only when the
// player switches it on, from the bundle's assets/stockfish/ (build.mjs
// copies it there). Its search runs on the module's own threads (workers
// sharing memory, hence the page's cross-origin isolation), so the board
// never waits for it. parseInfo reads its UCI lines (tested on its own).

/** Line is one of the engine's lines: its rank (multipv), depth, score from the side to move, and moves (UCI). */
export interface Line {
  multipv: number;
  depth: number;
  cp?: number;
  mate?: number;
  pv: string[];
}

/** parseInfo reads a UCI "info" line with a score and a pv; undefined for any other line. */
export function parseInfo(text: string): Line | undefined {
  const w = text.trim().split(/\s+/);
  if (w[0] !== 'info') return undefined;
  const line: Line = { multipv: 1, depth: 0, pv: [] };
  let scored = false;
  for (let i = 1; i < w.length; i++) {
    switch (w[i]) {
      case 'multipv':
        line.multipv = parseInt(w[++i], 10);
        break;
      case 'depth':
        line.depth = parseInt(w[++i], 10);
        break;
      case 'score':
        if (w[i + 1] === 'cp') line.cp = parseInt(w[i + 2], 10);
        else if (w[i + 1] === 'mate') line.mate = parseInt(w[i + 2], 10);
        else break;
        scored = true;
        i += 2;
        if (w[i + 1] === 'lowerbound' || w[i + 1] === 'upperbound') return undefined; // not an exact score
        break;
      case 'pv':
        line.pv = w.slice(i + 1);
        i = w.length;
        break;
    }
  }
  return scored && line.pv.length && line.depth > 0 ? line : undefined;
}

/** engineUrl is the engine's module among the bundle's assets. */
export const engineUrl = '/assets/stockfish/fsf_14.js';

/** available reports whether this browser can run the engine: WebAssembly and shared memory (a cross-origin isolated page). */
export function available(): boolean {
  return typeof WebAssembly === 'object' && typeof SharedArrayBuffer === 'function' && (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated === true;
}

interface Module {
  uci(command: string): void;
  listen: (line: string) => void;
  onError: (msg: string) => void;
}

/**
 * LocalEngine analyses one position at a time: analyse() asks for a new
 * one (the search before it stops first, and its late lines are not
 * told), stop() ends it. onLines is told the current lines, best first,
 * each time one deepens.
 */
export class LocalEngine {
  private sf?: Module;
  private loading?: Promise<Module>;
  private searching = false;
  private want?: { fen: string; multipv: number };
  private lines: Line[] = [];

  constructor(private readonly onLines: (fen: string, lines: Line[]) => void) {}

  private load(): Promise<Module> {
    this.loading ??= (async () => {
      const url = engineUrl; // a variable: the bundler leaves the import to the browser
      const mod = await import(/* @vite-ignore */ url);
      const sf: Module = await mod.default();
      sf.listen = (line) => this.heard(line);
      sf.onError = (msg) => console.warn('engine:', msg);
      sf.uci('uci');
      sf.uci('setoption name Hash value 16');
      this.sf = sf;
      return sf;
    })();
    return this.loading;
  }

  /** analyse starts the analysis of fen with multipv lines (loading the engine the first time). */
  async analyse(fen: string, multipv: number): Promise<void> {
    this.want = { fen, multipv };
    const sf = await this.load();
    if (this.searching) sf.uci('stop'); // the next search starts at its bestmove
    else this.go(sf);
  }

  /** stop ends the analysis; no more lines are told. */
  stop(): void {
    this.want = undefined;
    this.current = ''; // the next analysis starts afresh, even of the same position
    if (this.sf && this.searching) this.sf.uci('stop');
  }

  private go(sf: Module): void {
    const w = this.want;
    if (!w) return;
    this.lines = [];
    this.searching = true;
    this.current = key(w);
    sf.uci(`setoption name MultiPV value ${w.multipv}`);
    sf.uci('position fen ' + w.fen);
    sf.uci('go depth 30');
  }

  /** current is the search running: its position and number of lines. */
  private current = '';

  private heard(text: string): void {
    if (text.startsWith('bestmove')) {
      this.searching = false;
      if (this.want && key(this.want) !== this.current) this.go(this.sf!);
      return;
    }
    const line = parseInfo(text);
    if (!line || !this.want || key(this.want) !== this.current) return;
    this.lines[line.multipv - 1] = line;
    this.onLines(this.want.fen, this.lines.filter(Boolean));
  }
}

const key = (w: { fen: string; multipv: number }): string => w.multipv + ' ' + w.fen;
