// socket.test.ts: a socket that stops hearing frames is replaced, on a fake clock.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEAD_AFTER, Socket, type SocketEnv, type WebSocketLike } from './socket';

class FakeWS implements WebSocketLike {
  readyState = 0;
  onopen: ((e: any) => void) | null = null;
  onmessage: ((e: { data: any }) => void) | null = null;
  onclose: ((e: any) => void) | null = null;
  onerror: ((e: any) => void) | null = null;
  sent: string[] = [];
  closed = false;
  send(data: string): void {
    this.sent.push(data);
  }
  close(): void {
    this.closed = true;
    this.readyState = 3;
  }
  open(): void {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(f: object): void {
    this.onmessage?.({ data: JSON.stringify(f) });
  }
}

/** FakeEnv runs timers on a clock moved by hand. */
class FakeEnv implements SocketEnv {
  t = 0;
  sockets: FakeWS[] = [];
  private timers = new Map<number, { at: number; every: number; f: () => void }>();
  private next = 1;
  open(): WebSocketLike {
    const ws = new FakeWS();
    this.sockets.push(ws);
    return ws;
  }
  now(): number {
    return this.t;
  }
  setTimeout(f: () => void, ms: number): number {
    this.timers.set(this.next, { at: this.t + ms, every: 0, f });
    return this.next++;
  }
  setInterval(f: () => void, ms: number): number {
    this.timers.set(this.next, { at: this.t + ms, every: ms, f });
    return this.next++;
  }
  clearTimeout(id?: number): void {
    if (id !== undefined) this.timers.delete(id);
  }
  clearInterval(id?: number): void {
    this.clearTimeout(id);
  }
  /** advance moves the clock by ms, firing the timers that fall due in order. */
  advance(ms: number): void {
    const end = this.t + ms;
    for (;;) {
      let due: [number, { at: number; every: number; f: () => void }] | undefined;
      for (const e of this.timers) if (e[1].at <= end && (!due || e[1].at < due[1].at)) due = e;
      if (!due) break;
      const [id, tm] = due;
      this.t = tm.at;
      if (tm.every) tm.at += tm.every;
      else this.timers.delete(id);
      tm.f();
    }
    this.t = end;
  }
}

function start(env: FakeEnv) {
  const status: boolean[] = [];
  let opens = 0;
  const s = new Socket({ url: () => 'ws://x/socket', onFrame: () => {}, onStatus: (o) => status.push(o), onOpen: () => opens++, env });
  return { s, status, opens: () => opens };
}

const pings = (ws: FakeWS) => ws.sent.filter((m) => JSON.parse(m).t === 'ping').length;

test('a socket whose frames stop is dropped after the bound and a new one opened', () => {
  const env = new FakeEnv();
  const { s, status, opens } = start(env);
  const first = env.sockets[0];
  first.open();
  assert.deepEqual(status, [true]);
  assert.equal(pings(first), 1, 'a ping at once on opening');
  // Pongs keep it alive for as long as they come.
  for (let i = 0; i < 10; i++) {
    env.advance(3000);
    first.receive({ t: 'pong', d: { lag: 20 } });
  }
  assert.equal(first.closed, false);
  assert.equal(env.sockets.length, 1);
  // Then silence: no close ever comes from the socket itself.
  env.advance(DEAD_AFTER - 1);
  assert.equal(first.closed, false, 'not before the bound');
  env.advance(3000);
  assert.equal(first.closed, true, 'dropped once the bound is passed at a ping');
  assert.deepEqual(status, [true, false], 'the page is told it is offline (the reconnecting banner)');
  env.advance(500);
  assert.equal(env.sockets.length, 2, 'a new connection is tried after the first retry delay');
  env.sockets[1].open();
  assert.deepEqual(status, [true, false, true]);
  assert.equal(opens(), 2, 'onOpen runs again, where the page resends its waiting moves');
  assert.equal(s.send('move', { uci: 'e2e4' }), true);
  assert.equal(first.sent.some((m) => m.includes('e2e4')), false, 'nothing goes to the dead socket');
  s.close();
});

test('any frame counts as heard, and the bound is an option', () => {
  const env = new FakeEnv();
  const s = new Socket({ url: () => 'ws://x', onFrame: () => {}, env, pingEvery: 1000, deadAfter: 2500 });
  const ws = env.sockets[0];
  ws.open();
  for (let i = 0; i < 5; i++) {
    env.advance(1000);
    ws.receive({ t: 'state', d: {} });
  }
  assert.equal(ws.closed, false);
  env.advance(3000);
  assert.equal(ws.closed, true);
  s.close();
});
