import { z } from "zod";
import type { AccessTokens } from "./access-tokens.ts";
import { DEFAULT_GRAPH_API_URL } from "./mail-api-urls.ts";
import {
  callMailbox,
  DEFAULT_BACKOFF,
  MailboxApiError,
  type MailboxBackoff,
  retryAfterSeconds,
} from "./mailbox-api-call.ts";

/** The fields of a Graph message the transport and the reader use. */
export const graphMessage = z.object({
  id: z.string().min(1),
  internetMessageId: z.string().optional(),
  isDraft: z.boolean().optional(),
  conversationId: z.string().optional(),
  sentDateTime: z.string().nullish(),
  receivedDateTime: z.string().nullish(),
});
export type GraphMessage = z.infer<typeof graphMessage>;

const graphFailure = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

export interface GraphRequest {
  method?: "GET" | "POST";
  /** A path under the API's root (`/me/messages`), or a link the API gave (`@odata.nextLink`). */
  path: string;
  body?: { contentType: string; text: string };
  /** Extra request headers (Prefer). */
  headers?: Record<string, string>;
}

/**
 * Microsoft Graph over fetch, for one mailbox: each call carries the mailbox's bearer token and goes
 * through `callMailbox` (a 401 refreshes once, 429/503 wait as told). Links the API hands back
 * (next pages, delta links) are followed only on the API's own origin, so the token never leaves it.
 */
export class GraphApi {
  readonly #root: string;
  readonly #tokens: AccessTokens;
  readonly #backoff: MailboxBackoff;

  constructor(tokens: AccessTokens, options: { apiUrl?: string; backoff?: MailboxBackoff } = {}) {
    this.#root = (options.apiUrl ?? DEFAULT_GRAPH_API_URL).replace(/\/+$/, "");
    this.#tokens = tokens;
    this.#backoff = options.backoff ?? DEFAULT_BACKOFF;
  }

  #url(path: string): string {
    if (!/^https?:/i.test(path)) return `${this.#root}${path}`;
    if (new URL(path).origin !== new URL(this.#root).origin) {
      throw new MailboxApiError(`Microsoft Graph gave a link outside its own address: ${new URL(path).origin}`);
    }
    return path;
  }

  /** The answer's body (empty for a 202), or MailboxApiError with Graph's code and words. */
  async raw(request: GraphRequest): Promise<Buffer> {
    const url = this.#url(request.path);
    return callMailbox(
      this.#tokens,
      async (token) => {
        let response: Response;
        try {
          response = await fetch(url, {
            method: request.method ?? "GET",
            headers: {
              authorization: `Bearer ${token}`,
              ...(request.body ? { "content-type": request.body.contentType } : {}),
              ...request.headers,
            },
            ...(request.body ? { body: request.body.text } : {}),
          });
        } catch (error) {
          throw new MailboxApiError(
            `Microsoft Graph did not answer: ${error instanceof Error ? error.message : String(error)}`,
          );
        }
        const body = Buffer.from(await response.arrayBuffer().catch(() => new ArrayBuffer(0)));
        if (response.ok) return body;
        const failure = graphFailure.safeParse(safeJson(body)).data?.error;
        throw new MailboxApiError(failure?.message ?? `HTTP ${response.status}`, {
          status: response.status,
          code: failure?.code,
          retryAfterSeconds: retryAfterSeconds(response.headers.get("retry-after")),
        });
      },
      this.#backoff,
    );
  }

  async json<T>(request: GraphRequest, schema: z.ZodType<T>): Promise<T> {
    const parsed = schema.safeParse(safeJson(await this.raw(request)));
    if (!parsed.success)
      throw new MailboxApiError(`Microsoft Graph answered in an unexpected shape: ${parsed.error.message}`, {
        status: 502,
      });
    return parsed.data;
  }

  /** The messages whose Message-ID is `internetMessageId` (a draft and its sent copy share one). */
  async messagesWithId(internetMessageId: string): Promise<GraphMessage[]> {
    const filter = `internetMessageId eq '${internetMessageId.replaceAll("'", "''")}'`;
    const query = graphQuery({ $filter: filter, $select: "id,internetMessageId,isDraft,conversationId,sentDateTime" });
    const page = await this.json({ path: `/me/messages?${query}` }, z.object({ value: z.array(graphMessage) }));
    return page.value;
  }
}

/** OData query options, written as Graph documents them (`$filter=…`, spaces as %20). */
export function graphQuery(options: Record<string, string>): string {
  return Object.entries(options)
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join("&");
}

function safeJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString("utf8"));
  } catch {
    return undefined;
  }
}
