import type { SyncSocket } from "../sync-socket.ts";

/** The server's end of a sync WebSocket, driven by the test. */
export class FakeSocket implements SyncSocket {
  readonly url: string;
  readonly sent: unknown[] = [];
  closedWith: { code: number | undefined; reason: string | undefined } | null = null;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;

  constructor(url: string) {
    this.url = url;
  }

  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }

  /** The client closing its end; a browser reports the close back asynchronously. */
  close(code?: number, reason?: string): void {
    if (this.closedWith) return;
    this.closedWith = { code, reason };
    queueMicrotask(() => this.onclose?.(new CloseEvent("close", { code: code ?? 1005 })));
  }

  open(): void {
    this.onopen?.(new Event("open"));
  }

  receive(message: unknown): void {
    const data = typeof message === "string" ? message : JSON.stringify(message);
    this.onmessage?.(new MessageEvent("message", { data }));
  }

  /** The server or the network ends the connection. */
  drop(code = 1006): void {
    if (this.closedWith) return;
    this.closedWith = { code, reason: undefined };
    this.onclose?.(new CloseEvent("close", { code }));
  }
}

/** A WebSocket constructor to inject, and every socket it made, newest last. */
export function fakeSockets() {
  const sockets: FakeSocket[] = [];
  class Socket extends FakeSocket {
    constructor(url: string) {
      super(url);
      sockets.push(this);
    }
  }
  const latest = (): FakeSocket => {
    const socket = sockets.at(-1);
    if (!socket) throw new Error("no socket was opened");
    return socket;
  };
  return { WebSocket: Socket, sockets, latest };
}
