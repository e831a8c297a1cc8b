import { createServer, type IncomingHttpHeaders } from "node:http";

// The HTTP plumbing the test Gmail and Graph servers share: bearer tokens checked against the
// mailbox's grant, faults a test asks for (rate limiting, a connection dropped after the call was
// carried out), and a log of the calls made. Each server routes and answers in its provider's shapes.

/** Who decides which bearer tokens a server takes: a TestGrant, or the local OAuth server that issued them. */
export interface TokenCheck {
  accepts(token: string): boolean;
}

export interface ApiRequest {
  method: string;
  url: URL;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface ApiAnswer {
  status: number;
  json?: unknown;
  text?: Buffer | string;
  headers?: Record<string, string>;
}

/** A call the server knows: its name (for faults and the log) and how it is carried out. */
export interface ApiRoute {
  operation: string;
  run: () => ApiAnswer;
}

/** How a provider words its refusals. */
export interface ApiWording {
  unauthorized(): ApiAnswer;
  busy(status: 429 | 503, retryAfterSeconds: number | undefined): ApiAnswer;
  unknownRoute(request: ApiRequest): ApiAnswer;
}

export interface ApiFaultControls {
  /** The next `count` calls are refused with `status` (429 by default), saying Retry-After when given. */
  busy(count: number, options?: { status?: 429 | 503; retryAfterSeconds?: number }): void;
  /** The next call of `operation` is carried out, and then its connection dropped without an answer. */
  dropAfter(operation: string): void;
  /** Every call answered or dropped so far, as `operation`, oldest first. */
  calls: string[];
}

export interface RunningApiServer extends ApiFaultControls {
  origin: string;
  close(): Promise<void>;
}

export async function startMailApiServer(
  grant: TokenCheck,
  wording: ApiWording,
  route: (request: ApiRequest) => ApiRoute | undefined,
): Promise<RunningApiServer> {
  let busy: { remaining: number; status: 429 | 503; retryAfterSeconds: number | undefined } | undefined;
  const drops = new Set<string>();
  const calls: string[] = [];
  const server = createServer(async (incoming, outgoing) => {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
    const request: ApiRequest = {
      method: incoming.method ?? "GET",
      url: new URL(incoming.url ?? "/", "http://127.0.0.1"),
      headers: incoming.headers,
      body: Buffer.concat(chunks),
    };
    const answer = (reply: ApiAnswer) => {
      const body =
        reply.json !== undefined
          ? Buffer.from(JSON.stringify(reply.json))
          : Buffer.isBuffer(reply.text)
            ? reply.text
            : Buffer.from(reply.text ?? "", "latin1");
      outgoing.writeHead(reply.status, {
        ...(reply.json !== undefined ? { "content-type": "application/json; charset=UTF-8" } : {}),
        "content-length": String(body.length),
        ...reply.headers,
      });
      outgoing.end(body);
    };
    const token = /^Bearer (\S+)$/.exec(request.headers.authorization ?? "")?.[1];
    if (token === undefined || !grant.accepts(token)) return answer(wording.unauthorized());
    const known = route(request);
    if (known === undefined) return answer(wording.unknownRoute(request));
    if (busy !== undefined && busy.remaining > 0) {
      busy.remaining -= 1;
      calls.push(`${known.operation} (refused ${busy.status})`);
      return answer(wording.busy(busy.status, busy.retryAfterSeconds));
    }
    let reply: ApiAnswer;
    try {
      reply = known.run();
    } catch (error) {
      reply = { status: 500, text: error instanceof Error ? error.message : String(error) };
    }
    calls.push(known.operation);
    if (drops.delete(known.operation)) {
      incoming.socket.destroy();
      return;
    }
    answer(reply);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("the test API server has no port");
  return {
    origin: `http://127.0.0.1:${address.port}`,
    calls,
    busy(count, options = {}) {
      busy = { remaining: count, status: options.status ?? 429, retryAfterSeconds: options.retryAfterSeconds };
    },
    dropAfter(operation) {
      drops.add(operation);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A request's JSON body, or undefined when it is not JSON. */
export function jsonBody(request: ApiRequest): unknown {
  try {
    return JSON.parse(request.body.toString("utf8"));
  } catch {
    return undefined;
  }
}
