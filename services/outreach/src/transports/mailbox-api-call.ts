import { setTimeout as sleep } from "node:timers/promises";
import type { AccessTokens } from "./access-tokens.ts";

/**
 * How a mailbox API (Gmail, Microsoft Graph) answered a call that did not succeed: its HTTP status
 * and its own error code and words, or no status at all when the connection failed before an
 * answer came (`network`).
 */
export class MailboxApiError extends Error {
  /** Undefined when no answer came (refused, reset, dropped). */
  readonly status: number | undefined;
  /** The provider's own code: Google's `status` or `reason`, Graph's `error.code`. */
  readonly code: string | undefined;
  /** Seconds the provider asked us to wait (Retry-After), when it said. */
  readonly retryAfterSeconds: number | undefined;
  constructor(
    message: string,
    answer: { status?: number | undefined; code?: string | undefined; retryAfterSeconds?: number | undefined } = {},
  ) {
    super(message);
    this.name = "MailboxApiError";
    this.status = answer.status;
    this.code = answer.code;
    this.retryAfterSeconds = answer.retryAfterSeconds;
  }

  get network(): boolean {
    return this.status === undefined;
  }
}

/** The provider asked us to slow down for longer than a worker should wait: the job retries later. */
export class MailboxBusyError extends MailboxApiError {}

/**
 * How long a call may wait for a mailbox that is rate limited (429) or briefly unavailable (503).
 * Graph's throttling answers 429 with Retry-After (DESIGN.md's limits: 4 concurrent requests and
 * 10,000 per 10 minutes per mailbox); Gmail's per-user quota (15,000 units a minute) refills within
 * the minute. A worker waits a few seconds at most and never past a minute in all; beyond that the
 * job queue's own retry, much later, is the better wait.
 */
export interface MailboxBackoff {
  /** Tries of one call in all, the first included. */
  attempts: number;
  /** The longest single wait; a Retry-After asking more gives up at once. */
  longestWaitSeconds: number;
  /** The wait without a Retry-After, doubled at each try. */
  firstWaitSeconds: number;
  /** Waits for `seconds` (a test passes one that does not sleep). */
  wait?: (seconds: number) => Promise<void>;
}

export const DEFAULT_BACKOFF: MailboxBackoff = { attempts: 4, longestWaitSeconds: 20, firstWaitSeconds: 1 };

/** Retry-After as seconds: a number of seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterSeconds(value: string | null | undefined, now = Date.now()): number | undefined {
  const given = value?.trim() ?? "";
  if (given === "") return undefined;
  if (/^\d+$/.test(given)) return Number(given);
  const date = Date.parse(given);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

const slowDown = (error: MailboxApiError) =>
  error.status === 429 ||
  error.status === 503 ||
  // Gmail says "slow down" with a 403 too, told apart by its reason.
  (error.status === 403 && (error.code === "rateLimitExceeded" || error.code === "userRateLimitExceeded"));

/**
 * Runs one API call with the mailbox's access token: a 401 refreshes the token once and tries
 * again (a revoked grant comes out of `refresh()` as GrantRevokedError, untouched); a 429 or 503
 * waits as the provider asked, within `backoff`, and tries again, or throws MailboxBusyError.
 * `run` throws MailboxApiError for an answer that is not a success; anything else passes through.
 */
export async function callMailbox<T>(
  tokens: AccessTokens,
  run: (token: string) => Promise<T>,
  backoff: MailboxBackoff = DEFAULT_BACKOFF,
): Promise<T> {
  const wait = backoff.wait ?? ((seconds: number) => sleep(seconds * 1000));
  let token = await tokens.current();
  let refreshed = false;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run(token);
    } catch (error) {
      if (!(error instanceof MailboxApiError)) throw error;
      if (error.status === 401 && !refreshed) {
        refreshed = true;
        token = await tokens.refresh();
        continue;
      }
      if (!slowDown(error)) throw error;
      const seconds = error.retryAfterSeconds ?? backoff.firstWaitSeconds * 2 ** (attempt - 1);
      if (attempt >= backoff.attempts || seconds > backoff.longestWaitSeconds) {
        throw new MailboxBusyError(`The mailbox asked to slow down: ${error.message}`, {
          status: error.status,
          code: error.code,
          retryAfterSeconds: error.retryAfterSeconds,
        });
      }
      await wait(seconds);
    }
  }
}
