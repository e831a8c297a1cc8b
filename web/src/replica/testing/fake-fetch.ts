/** One request as the server would see it. */
export interface SentRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

type Reply = Response | Error | ((request: SentRequest) => Response | Error);

/** The API's end of fetch: answers queued replies in order and records every request. */
export class FakeApi {
  readonly requests: SentRequest[] = [];
  readonly #replies: Reply[] = [];

  reply(...replies: Reply[]): void {
    this.#replies.push(...replies);
  }

  readonly fetch = async (url: string, init: RequestInit): Promise<Response> => {
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, key) => {
      headers[key] = value;
    });
    const request: SentRequest = {
      url,
      method: init.method ?? "GET",
      headers,
      body: typeof init.body === "string" ? JSON.parse(init.body) : null,
    };
    this.requests.push(request);
    const next = this.#replies.shift();
    if (!next) throw new Error(`no reply queued for ${request.method} ${url}`);
    const reply = typeof next === "function" ? next(request) : next;
    if (reply instanceof Error) throw reply;
    return reply;
  };
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/vnd.api+json", ...headers },
  });
}

export function apiError(status: number, code: string, detail: string): Response {
  return json(status, { errors: [{ status: String(status), code, title: code, detail }] });
}
