// socket.ts is a WebSocket that stays connected: it reconnects by itself
// with a growing delay, measures its lag with `ping` frames (docs/PROTOCOL.md:
// a browser cannot see WebSocket pings), drops a connection that has gone
// silent (no frame for deadAfter ms: a network that stops carrying frames
// without closing the socket) and tells the page whether it is online.
// Frames are the protocol's {t, v, d} objects.

/** DEAD_AFTER is how long, in ms, an open socket may go without any frame from the server (a `pong` answers every `ping`) before it counts as dead and is replaced: a little over three pings. */
export const DEAD_AFTER = 10000;

/** WebSocketLike is the part of a WebSocket a Socket uses. */
export interface WebSocketLike {
  readonly readyState: number;
  onopen: ((e: any) => void) | null;
  onmessage: ((e: { data: any }) => void) | null;
  onclose: ((e: any) => void) | null;
  onerror: ((e: any) => void) | null;
  send(data: string): void;
  close(code?: number): void;
}

/** SocketEnv is what a Socket takes from its surroundings: the browser's by default, a fake one in tests. */
export interface SocketEnv {
  open(url: string): WebSocketLike;
  now(): number;
  setTimeout(f: () => void, ms: number): number;
  clearTimeout(id?: number): void;
  setInterval(f: () => void, ms: number): number;
  clearInterval(id?: number): void;
}

const CONNECTING = 0;
const OPEN = 1;

function browserEnv(): SocketEnv {
  return {
    open: (url) => new WebSocket(url) as unknown as WebSocketLike,
    now: () => performance.now(),
    setTimeout: (f, ms) => window.setTimeout(f, ms),
    clearTimeout: (id) => window.clearTimeout(id),
    setInterval: (f, ms) => window.setInterval(f, ms),
    clearInterval: (id) => window.clearInterval(id),
  };
}

/** Frame is one protocol frame. */
export interface Frame {
  t: string;
  v?: number;
  d?: any;
}

/** SocketOptions are what a page gives a Socket. */
export interface SocketOptions {
  /** url returns the address to connect to, asked at each (re)connection (a game socket adds ?v=). */
  url: () => string;
  /** onFrame is called with every frame the server sends (pongs too). */
  onFrame: (f: Frame) => void;
  /** onOpen is called each time the socket is open (again after a reconnection). */
  onOpen?: () => void;
  /** onStatus is called when the socket goes online or offline. */
  onStatus?: (online: boolean) => void;
  /** pingEvery is the time between pings in ms (3000 by default). */
  pingEvery?: number;
  /** connectTimeout is how long a connection may take to open, in ms (8000 by default), before it is dropped and tried again. */
  connectTimeout?: number;
  /** deadAfter is how long an open socket may hear nothing, in ms (DEAD_AFTER by default), before it is dropped and replaced. */
  deadAfter?: number;
  /** env replaces the browser's WebSocket, clock and timers (tests). */
  env?: SocketEnv;
}

/** Socket is a reconnecting protocol socket. */
export class Socket {
  private ws?: WebSocketLike;
  private readonly env: SocketEnv;
  private heard = 0;
  private closed = false;
  private retries = 0;
  private pingTimer?: number;
  private pingSent = 0;
  private retryTimer?: number;
  private connectTimer?: number;
  /** lag is the last measured round trip in ms (0 before the first pong). */
  lag = 0;
  /** online reports whether the socket is open now. */
  online = false;

  constructor(private readonly opts: SocketOptions) {
    this.env = opts.env ?? browserEnv();
    this.connect();
    if (typeof window !== 'undefined') window.addEventListener('online', () => this.reconnectNow());
  }

  /** absolute turns a path into the ws:// or wss:// address of this site. */
  static url(path: string): string {
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    return `${proto}//${location.host}${path}`;
  }

  /** send sends a frame; it reports false when the socket is not open (the caller may resend later). */
  send(t: string, d?: unknown): boolean {
    if (!this.ws || this.ws.readyState !== OPEN) return false;
    this.ws.send(JSON.stringify(d === undefined ? { t } : { t, d }));
    return true;
  }

  /** close closes the socket for good. */
  close(): void {
    this.closed = true;
    this.env.clearInterval(this.pingTimer);
    this.env.clearTimeout(this.connectTimer);
    this.env.clearTimeout(this.retryTimer);
    this.ws?.close(1000);
  }

  /** reconnectNow drops the connection and connects again at once. */
  reconnectNow(): void {
    if (this.closed) return;
    this.retries = 0;
    if (this.ws && this.ws.readyState === OPEN) return;
    this.env.clearTimeout(this.retryTimer);
    this.connect();
  }

  private connect(): void {
    if (this.closed) return;
    let ws: WebSocketLike;
    try {
      ws = this.env.open(this.opts.url());
    } catch {
      this.scheduleRetry();
      return;
    }
    this.ws = ws;
    // A socket left "connecting" (a network that swallows the handshake)
    // never fires close on its own: give up on it and try again.
    this.env.clearTimeout(this.connectTimer);
    this.connectTimer = this.env.setTimeout(() => {
      if (this.ws === ws && ws.readyState === CONNECTING) this.drop(ws);
    }, this.opts.connectTimeout ?? 8000);
    ws.onopen = () => {
      this.env.clearTimeout(this.connectTimer);
      this.retries = 0;
      this.heard = this.env.now();
      this.setOnline(true);
      this.ping();
      this.env.clearInterval(this.pingTimer);
      this.pingTimer = this.env.setInterval(() => this.ping(), this.opts.pingEvery ?? 3000);
      this.opts.onOpen?.();
    };
    ws.onmessage = (e) => {
      if (this.ws === ws) this.heard = this.env.now();
      let f: Frame;
      try {
        f = JSON.parse(e.data);
      } catch {
        return;
      }
      if (f.t === 'pong' && this.pingSent) {
        this.lag = Math.round(this.env.now() - this.pingSent);
        this.pingSent = 0;
      }
      this.opts.onFrame(f);
    };
    ws.onclose = () => {
      this.env.clearTimeout(this.connectTimer);
      if (this.ws !== ws) return;
      this.env.clearInterval(this.pingTimer);
      this.setOnline(false);
      this.scheduleRetry();
    };
    ws.onerror = () => ws.close();
  }

  private ping(): void {
    // Frames stopped without the socket closing: nothing will ever fire
    // close, so the page would wait with its moves unsent. Replace it.
    if (this.ws && this.ws.readyState === OPEN && this.env.now() - this.heard > (this.opts.deadAfter ?? DEAD_AFTER)) {
      this.drop(this.ws);
      return;
    }
    if (this.send('ping')) this.pingSent = this.env.now();
  }

  /** drop abandons a socket that will not close by itself and tries again. */
  private drop(ws: WebSocketLike): void {
    this.ws = undefined;
    this.env.clearInterval(this.pingTimer);
    ws.onclose = null;
    ws.onmessage = null;
    ws.close();
    this.setOnline(false);
    this.scheduleRetry();
  }

  private scheduleRetry(): void {
    if (this.closed) return;
    const delay = Math.min(8000, 250 * 2 ** this.retries) * (0.75 + Math.random() / 2);
    this.retries++;
    this.retryTimer = this.env.setTimeout(() => this.connect(), delay);
  }

  private setOnline(online: boolean): void {
    if (this.online === online) return;
    this.online = online;
    this.opts.onStatus?.(online);
  }
}
