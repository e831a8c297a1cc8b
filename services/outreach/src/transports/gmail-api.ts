import { gmail, type gmail_v1 } from "@googleapis/gmail";
import { z } from "zod";
import type { AccessTokens } from "./access-tokens.ts";
import { DEFAULT_GMAIL_API_URL } from "./mail-api-urls.ts";
import {
  callMailbox,
  DEFAULT_BACKOFF,
  MailboxApiError,
  type MailboxBackoff,
  retryAfterSeconds,
} from "./mailbox-api-call.ts";

/** The options each Gmail call is made with: the mailbox's token, and no retries of the client's own. */
interface CallOptions {
  headers: Record<string, string>;
  retry: boolean;
}

// Google's error body: { error: { code, message, errors: [{ reason }], status } }.
const googleFailure = z.object({
  error: z.object({
    code: z.number().optional(),
    message: z.string(),
    status: z.string().optional(),
    errors: z.array(z.object({ reason: z.string().optional() })).optional(),
  }),
});

const answered = z.object({
  response: z.object({ status: z.number(), data: z.unknown(), headers: z.unknown() }),
});

function headerOf(headers: unknown, name: string): string | undefined {
  if (typeof headers !== "object" || headers === null) return undefined;
  // gaxios answers fetch's Headers (with its own fetch, not always the global class).
  if ("get" in headers && typeof headers.get === "function") {
    const value: unknown = headers.get(name);
    return typeof value === "string" ? value : undefined;
  }
  const value: unknown = Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
  return typeof value === "string" ? value : undefined;
}

function parsedData(data: unknown): unknown {
  if (typeof data !== "string") return data;
  try {
    return JSON.parse(data);
  } catch {
    return undefined;
  }
}

/** A failed Gmail call as MailboxApiError: Google's status, reason and words, or no status when unanswered. */
export function gmailFailure(error: unknown): unknown {
  const answer = answered.safeParse(error).data?.response;
  if (answer === undefined) {
    // The client's failures without an answer (a GaxiosError, which carries its request's config):
    // the connection was refused, reset or dropped.
    if (error instanceof Error && "config" in error) {
      return new MailboxApiError(`Gmail did not answer: ${error.message}`);
    }
    return error;
  }
  const failure = googleFailure.safeParse(parsedData(answer.data)).data?.error;
  return new MailboxApiError(failure?.message ?? `HTTP ${answer.status}`, {
    status: answer.status,
    code: failure?.errors?.[0]?.reason ?? failure?.status,
    retryAfterSeconds: retryAfterSeconds(headerOf(answer.headers, "retry-after")),
  });
}

/**
 * The Gmail API (through @googleapis/gmail) for one mailbox: each call carries the mailbox's bearer
 * token and goes through `callMailbox` (a 401 refreshes once, 429/503 wait as told).
 */
export class GmailApi {
  readonly users: gmail_v1.Resource$Users;
  readonly #tokens: AccessTokens;
  readonly #backoff: MailboxBackoff;

  constructor(tokens: AccessTokens, options: { apiUrl?: string; backoff?: MailboxBackoff } = {}) {
    const rootUrl = (options.apiUrl ?? DEFAULT_GMAIL_API_URL).replace(/\/*$/, "/");
    this.users = gmail({ version: "v1", rootUrl }).users;
    this.#tokens = tokens;
    this.#backoff = options.backoff ?? DEFAULT_BACKOFF;
  }

  /** Runs one call, answering its body. */
  call<T>(run: (options: CallOptions) => Promise<{ data: T }>): Promise<T> {
    return callMailbox(
      this.#tokens,
      async (token) => {
        try {
          return (await run({ headers: { Authorization: `Bearer ${token}` }, retry: false })).data;
        } catch (error) {
          throw gmailFailure(error);
        }
      },
      this.#backoff,
    );
  }
}

/** `<id@host>` → `id@host`, as Gmail's `rfc822msgid:` search takes it. */
export function rfc822msgid(messageId: string): string {
  return `rfc822msgid:${messageId.replace(/^<|>$/g, "")}`;
}
