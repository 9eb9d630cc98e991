// incoming.ts is the home page's list of the challenges made to us, each
// with accept and decline (with one of lichess's reasons, texts decline.*).
import { t } from '../lib/i18n';
import { h, VNode } from '../lib/view';
import { post } from '../lib/api';
import { Challenge, declineReasons } from './types';
import { sayClock } from '../lib/timecontrol';
import { playerName, colorWord, oppositeColor } from './words';

/** IncomingActions are what the buttons do. */
export interface IncomingActions {
  accept: (c: Challenge) => void;
  decline: (c: Challenge, reason: string) => void;
}

/** reasonSelect is the select of decline reasons for the challenge id. */
export function reasonSelect(id: string, value: string, set: (r: string) => void): VNode[] {
  return [
    h('label', { attrs: { for: 'decline-reason-' + id } }, t('ui.challenge.decline_reason')),
    h(
      'select#decline-reason-' + id + '.decline-reason',
      { on: { change: (e: Event) => set((e.target as HTMLSelectElement).value) } },
      declineReasons.map((r) => h('option', { attrs: { value: r }, props: { selected: r === value } }, t('decline.' + r))),
    ),
  ];
}

const chosen: Record<string, string> = {};

/** challengesIn draws the challenges received (nothing when there are none). */
export function challengesIn(list: Challenge[], act: IncomingActions, error: VNode | null): VNode | null {
  if (list.length === 0 && !error) return null;
  return h('section#challenges-in.card', { attrs: { 'aria-labelledby': 'incoming-title' } }, [
    h('h2#incoming-title', t('ui.home.incoming.title')),
    h(
      'ul.incoming-list',
      list.map((c) =>
        h('li.incoming', { key: c.id, attrs: { 'data-challenge-id': c.id } }, [
          h(
            'p',
            t('ui.home.incoming.line', {
              name: playerName(c.challenger),
              clock: sayClock(c.timeControl),
              color: colorWord(oppositeColor(c.color)),
              rated: t(c.rated ? 'ui.home.rated' : 'ui.home.casual'),
            }),
          ),
          h('div.actions', [h('button.challenge-accept.primary', { attrs: { type: 'button' }, on: { click: () => act.accept(c) } }, t('ui.challenge.accept'))]),
          h('div.decline', [
            ...reasonSelect(c.id, chosen[c.id] ?? 'generic', (r) => (chosen[c.id] = r)),
            h('button.challenge-decline.danger', { attrs: { type: 'button' }, on: { click: () => act.decline(c, chosen[c.id] ?? 'generic') } }, t('ui.challenge.decline')),
          ]),
        ]),
      ),
    ),
    error,
  ]);
}

/** declineChallenge declines c with reason; done runs after, failed with the refusal. */
export async function declineChallenge(c: Challenge, reason: string, done: () => void, failed: (e: unknown) => void): Promise<void> {
  try {
    await post('/api/challenge/' + encodeURIComponent(c.id) + '/decline', { reason });
    done();
  } catch (e) {
    failed(e);
  }
}
