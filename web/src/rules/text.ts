// text.ts draws the guide's text blocks (package rules' Block): paragraphs
// with **strong** words, lists, tables whose first row is the header, and
// the action button.
import { h, VNode } from '../lib/view';
import type { Block } from './types';

/** rich splits text on **…** into plain strings and <strong> elements. */
export function rich(text: string): (string | VNode)[] {
  const out: (string | VNode)[] = [];
  const parts = text.split('**');
  parts.forEach((part, i) => {
    if (part === '') return;
    out.push(i % 2 === 1 && i < parts.length - 1 ? h('strong', part) : part);
  });
  return out;
}

/** blocks draws a rule's body; action draws the block of an action. */
export function blocks(body: Block[], action: (name: string) => VNode | null): VNode[] {
  const out: VNode[] = [];
  for (const b of body) {
    if (b.p) out.push(h('p', rich(b.p)));
    else if (b.list) out.push(h('ul', b.list.map((item) => h('li', rich(item)))));
    else if (b.table && b.table.length > 0) {
      const [head, ...rows] = b.table;
      out.push(
        h('div.rules-table-wrap', [
          h('table.rules-table', [
            h('thead', [h('tr', head.map((c) => h('th', { attrs: { scope: 'col' } }, rich(c))))]),
            h('tbody', rows.map((r) => h('tr', r.map((c, i) => (i === 0 ? h('th', { attrs: { scope: 'row' } }, rich(c)) : h('td', rich(c))))))),
          ]),
        ]),
      );
    } else if (b.action) {
      const a = action(b.action);
      if (a) out.push(a);
    }
  }
  return out;
}
