// viewer.ts fits @lichess-org/pgn-viewer to JoinPal: its stylesheet
// without what the site already has (chessground's board and pieces, which
// app.css gives in our own set) and without its icon font (a data: font,
// which the pages' Content-Security-Policy refuses; account.css draws the
// icons), its texts from our catalogue, and a PGN whose comments keep only
// their commands ([%clk]) — the server's words in them are English, and
// the page says the result in its own language.
import { t, has } from '../lib/i18n';

/** viewerCss is the part of pgn-viewer's stylesheet the replay page adds: its own .lpv rules, no chessground and no @font-face. */
export function viewerCss(raw: string): string {
  const start = raw.search(/(^|\})\.lpv/);
  if (start < 0) throw new Error('replay: no .lpv rules in pgn-viewer\'s stylesheet');
  const own = raw.slice(raw[start] === '}' ? start + 1 : start);
  return own.replace(/@font-face\s*\{[^}]*\}/g, '');
}

/**
 * pgnForViewer returns pgn with every comment of its moves cut down to its
 * commands ([%clk 0:04:59]); a comment of text only goes. names, when given,
 * replace the White and Black tags with the players' names as the page says
 * them ("the AI (Easy)" on an English page, where the PGN keeps the stored
 * name); the download keeps the PGN as it is.
 */
export function pgnForViewer(pgn: string, names?: { white: string; black: string }): string {
  const split = pgn.search(/\r?\n\r?\n/);
  let headers = split < 0 ? '' : pgn.slice(0, split);
  if (names) {
    // A PGN string token escapes its quote and backslash with a backslash.
    const quoted = (v: string) => '"' + v.replace(/[\\"]/g, (c) => '\\' + c) + '"';
    headers = headers.replace(/^\[(White|Black) "(?:[^"\\]|\\.)*"\]/gm, (_all, tag: string) => `[${tag} ${quoted(tag === 'White' ? names.white : names.black)}]`);
  }
  const moves = split < 0 ? pgn : pgn.slice(split);
  const cut = moves.replace(/\{([^}]*)\}/g, (_all, body: string) => {
    const commands = body.match(/\[%[^\]]*\]/g);
    return commands ? '{' + commands.join(' ') + '}' : '';
  });
  return headers + cut.replace(/[ \t]+\n/g, '\n');
}

/** viewerTexts are the pgn-viewer keys the replay page can show (its lichess links are off). */
export const viewerTexts = [
  'flipTheBoard',
  'getPgn',
  'download',
  'viewOnSite',
  'menu',
  'aria.first',
  'aria.prev',
  'aria.next',
  'aria.last',
  'aria.gameMoves',
  'aria.gameResult',
  'aria.variation',
  'aria.navigationControls',
  'aria.chessGameBetween',
  'aria.gameInProgress',
  'aria.whiteWins',
  'aria.blackWins',
  'aria.draw',
  'aria.unknownPlayer',
  'aria.rated',
  'aria.move',
  'aria.white',
  'aria.black',
  'aria.remaining',
  'aria.linkOpensInNewTab',
  'aria.accessibleChessboard',
  'aria.piece.king',
  'aria.piece.queen',
  'aria.piece.rook',
  'aria.piece.bishop',
  'aria.piece.knight',
  'aria.piece.pawn',
  'aria.empty',
  'san.takes',
  'san.check',
  'san.checkmate',
  'san.promotesTo',
  'san.longCastling',
  'san.shortCastling',
];

/**
 * translateViewer is pgn-viewer's translate option: the text of key from
 * ui.replay.lpv.<key>, its {1} {2} {3} written as the viewer's %1$s %2$s
 * %3$s; undefined (the viewer's English) for a key the catalogue lacks.
 */
export function translateViewer(key: string): string | undefined {
  const code = 'ui.replay.lpv.' + key;
  if (!has(code)) return undefined;
  return t(code, { 1: '%1$s', 2: '%2$s', 3: '%3$s' });
}

const cellColors = ['white', 'black'] as const;
const cellRoles = ['king', 'queen', 'rook', 'bishop', 'knight', 'pawn'] as const;

/**
 * squareLabel rewrites the name pgn-viewer gives a square of its
 * accessible board ("A8 negras torre": the file in capitals, then the
 * words of its aria.black and aria.piece.rook side by side) as the page's
 * language says it ("a8: torre negra", ui.replay.cell.*); undefined when
 * label is not one of the viewer's (already rewritten, say).
 */
export function squareLabel(label: string): string | undefined {
  const m = /^([A-H])([1-8]) (.+)$/.exec(label);
  if (!m) return undefined;
  const square = m[1].toLowerCase() + m[2];
  const rest = m[3];
  if (rest === translateViewer('aria.empty')) return t('ui.replay.cell.square', { square, piece: t('ui.replay.cell.empty') });
  for (const color of cellColors) {
    for (const role of cellRoles) {
      if (rest === `${translateViewer('aria.' + color)} ${translateViewer('aria.piece.' + role)}`)
        return t('ui.replay.cell.square', { square, piece: t('ui.replay.cell.' + color + '.' + role) });
    }
  }
  return undefined;
}
