// lobby.ts keeps the lobby socket (/api/lobby/socket, docs/PROTOCOL.md)
// open and the open seeks up to date, and passes on the pairings and
// challenges that concern this browser. The socket knows who it serves from
// the cookie it was opened with, so after a guest is made it is opened again.
import { Socket, Frame } from '../lib/socket';
import { Seek, Challenge } from './types';

/** YourTurn is the data of a "yourTurn" frame. */
export interface YourTurn {
  gameId: string;
  opponent: { id?: string; name: string };
  deadline: number;
}

/** LobbyHandlers are what the page does with the lobby's news. */
export interface LobbyHandlers {
  /** change is called when the seeks or the connection changed. */
  change: () => void;
  /** paired is called when one of our seeks started a game. */
  paired: (gameId: string) => void;
  /** challenge is called with a challenge made or changed that concerns us. */
  challenge: (c: Challenge) => void;
  /** yourTurn is called when it is our move in a correspondence game. */
  yourTurn?: (t: YourTurn) => void;
  /** listed is called after each full list of seeks (at each (re)connection). */
  listed?: () => void;
  /** other is offered every frame the lobby does not take itself (the chat's), and reports whether it took it. */
  other?: (f: Frame) => boolean;
}

/** Lobby is the lobby socket and the seeks it keeps. */
export class Lobby {
  /** seeks are the open seeks, oldest first. */
  seeks: Seek[] = [];
  /** online reports whether the socket is open. */
  online = false;
  private sock?: Socket;

  constructor(private readonly on: LobbyHandlers) {
    this.open();
  }

  /** reconnect opens the socket again (after the browser became someone). */
  reconnect(): void {
    this.sock?.close();
    this.open();
  }

  /** add records a seek we placed, before its seekAdded frame comes. */
  add(s: Seek): void {
    if (!this.seeks.some((x) => x.id === s.id)) this.seeks.push(s);
    this.on.change();
  }

  /** send sends a frame on the lobby socket (the chat's); false when it is not open. */
  send(t: string, d?: unknown): boolean {
    return this.sock?.send(t, d) ?? false;
  }

  /** remove forgets a seek (cancelled by us). */
  remove(id: string): void {
    this.seeks = this.seeks.filter((s) => s.id !== id);
    this.on.change();
  }

  private open(): void {
    const sock = new Socket({
      url: () => Socket.url('/api/lobby/socket'),
      onFrame: (f) => {
        if (this.sock === sock) this.frame(f);
      },
      onStatus: (online) => {
        if (this.sock !== sock) return;
        this.online = online;
        this.on.change();
      },
    });
    this.sock = sock;
  }

  private frame(f: Frame): void {
    if (this.on.other?.(f)) return;
    switch (f.t) {
      case 'seeks':
        this.seeks = Array.isArray(f.d) ? f.d : [];
        this.on.change();
        this.on.listed?.();
        break;
      case 'seekAdded':
        if (f.d && !this.seeks.some((s) => s.id === f.d.id)) this.seeks.push(f.d);
        this.on.change();
        break;
      case 'seekRemoved':
        if (f.d) this.seeks = this.seeks.filter((s) => s.id !== f.d.id);
        this.on.change();
        break;
      case 'paired':
        if (f.d?.gameId) this.on.paired(f.d.gameId);
        break;
      case 'challenge':
        if (f.d) this.on.challenge(f.d);
        break;
      case 'yourTurn':
        if (f.d?.gameId) this.on.yourTurn?.(f.d);
        break;
    }
  }
}
