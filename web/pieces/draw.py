#!/usr/bin/python3
"""draw.py draws the piece sets "dejavu" and "letter" as SVG files from the
outlines of the DejaVu Sans fonts (Debian's fonts-dejavu-core; licence in
each set's LICENSE.txt), with fontTools (Debian's python3-fonttools):

  /usr/bin/python3 web/pieces/draw.py

dejavu: the chess symbols U+2654..265F. A black piece is the filled symbol;
a white piece is the outline symbol in black over the filled symbol's outer
shape in white, so that the board does not show through it.
letter: the piece's English letter (K Q R B N P, as in UCI and PGN) of
DejaVu Sans Bold in a disc, white on black for black and the other way round.
The files are written once and committed; the build only copies them.
"""
import os
from fontTools.ttLib import TTFont
from fontTools.pens.svgPathPen import SVGPathPen
from fontTools.pens.recordingPen import RecordingPen
from fontTools.pens.boundsPen import BoundsPen

HERE = os.path.dirname(os.path.abspath(__file__))
FONTS = '/usr/share/fonts/truetype/dejavu/'
ROLES = 'KQRBNP'
WHITE = {r: 0x2654 + i for i, r in enumerate(ROLES)}
BLACK = {r: 0x265A + i for i, r in enumerate(ROLES)}


def glyph(font, code):
    gs = font.getGlyphSet()
    return gs, gs[font.getBestCmap()[code]]


def contours(gs, g):
    """The glyph's contours, each a list of pen operations."""
    rec = RecordingPen()
    g.draw(rec)
    out, cur = [], []
    for op in rec.value:
        cur.append(op)
        if op[0] in ('closePath', 'endPath'):
            out.append(cur)
            cur = []
    return out


def area(contour):
    pts = [p for op, args in contour for p in args[-1:] if args]
    return sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(pts, pts[1:] + pts[:1])) / 2


def path(gs, ops_list):
    pen = SVGPathPen(gs)
    for ops in ops_list:
        for op, args in ops:
            getattr(pen, op)(*args)
    return pen.getCommands()


def transform(bounds, scale):
    """A transform placing bounds (font units) at scale, centred across and standing on the square's foot."""
    x0, y0, x1, y1 = bounds
    cx = (x0 + x1) / 2
    return f'matrix({scale:.5f} 0 0 {-scale:.5f} {22.5 - cx * scale:.3f} {41.5 + y0 * scale:.3f})'


def svg(body):
    return ('<svg xmlns="http://www.w3.org/2000/svg" width="45" height="45" viewBox="0 0 45 45">'
            + body + '</svg>\n')


def write(set_name, name, text):
    d = os.path.join(HERE, set_name)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, name + '.svg'), 'w') as f:
        f.write(text)


def dejavu():
    font = TTFont(FONTS + 'DejaVuSans.ttf')
    bounds = {}
    for r in ROLES:
        gs, filled = glyph(font, BLACK[r])
        bp = BoundsPen(gs)
        filled.draw(bp)
        bounds[r] = bp.bounds
    # One scale for the set, so that a pawn stays smaller than a king.
    scale = 38 / max(max(b[2] - b[0], b[3] - b[1]) for b in bounds.values())
    for r in ROLES:
        gs, filled = glyph(font, BLACK[r])
        _, hollow = glyph(font, WHITE[r])
        tf = transform(bounds[r], scale)
        cs = contours(gs, filled)
        # The outer shape: the contours wound as the largest one is.
        sign = area(max(cs, key=lambda c: abs(area(c)))) > 0
        outer = [c for c in cs if (area(c) > 0) == sign]
        write('dejavu', 'b' + r, svg(f'<path transform="{tf}" fill="#000" d="{path(gs, cs)}"/>'))
        write('dejavu', 'w' + r, svg(
            f'<path transform="{tf}" fill="#fff" d="{path(gs, outer)}"/>'
            f'<path transform="{tf}" fill="#000" d="{path(gs, contours(gs, hollow))}"/>'))


def letter():
    font = TTFont(FONTS + 'DejaVuSans-Bold.ttf')
    for r in ROLES:
        gs, g = glyph(font, ord(r))
        bp = BoundsPen(gs)
        g.draw(bp)
        x0, y0, x1, y1 = bp.bounds
        s = 22 / (y1 - y0)
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        tf = f'matrix({s:.5f} 0 0 {-s:.5f} {22.5 - cx * s:.3f} {22.5 + cy * s:.3f})'
        d = path(gs, contours(gs, g))
        for side, bg, fg in (('w', '#fff', '#000'), ('b', '#000', '#fff')):
            write('letter', side + r, svg(
                f'<circle cx="22.5" cy="22.5" r="19" fill="{bg}" stroke="{fg}" stroke-width="2"/>'
                f'<path transform="{tf}" fill="{fg}" d="{d}"/>'))


if __name__ == '__main__':
    dejavu()
    letter()
