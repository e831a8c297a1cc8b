import { retryAfterMs } from "@hirestream/contracts/retry-after.ts";
import { z } from "zod";

/** One reason the server gave for refusing a write, for the error toast. */
export interface RejectedError {
  status: number;
  detail: string;
}

/** What the flusher does with an answer to a write. */
export type Answer =
  | { kind: "accepted"; position: number | null }
  | { kind: "rejected"; errors: RejectedError[] }
  | { kind: "unauthorized" }
  | { kind: "retry"; afterMs: number | null };

const written = z.object({ meta: z.object({ position: z.number().int().min(0) }) });
const errorDocument = z.object({
  errors: z
    .array(z.object({ status: z.string().optional(), title: z.string().optional(), detail: z.string().optional() }))
    .min(1),
});

const REFUSED = "The server refused this change.";

/** Reads a write's answer. Throws when the body cannot be read: the caller retries, like a network error. */
export async function readAnswer(response: Response, now: number): Promise<Answer> {
  const status = response.status;
  if (status === 401) return { kind: "unauthorized" };
  if (status === 408 || status === 429 || status >= 500 || status < 200 || (status >= 300 && status < 400)) {
    return { kind: "retry", afterMs: retryAfterMs(response.headers.get("retry-after"), now) };
  }
  const body = parseJson(await response.text());
  if (status < 300) {
    const parsed = written.safeParse(body);
    return { kind: "accepted", position: parsed.success ? parsed.data.meta.position : null };
  }
  const parsed = errorDocument.safeParse(body);
  const errors = parsed.success
    ? parsed.data.errors.map((error) => ({
        status: statusOf(error.status) ?? status,
        detail: error.detail ?? error.title ?? REFUSED,
      }))
    : [{ status, detail: REFUSED }];
  return { kind: "rejected", errors };
}

function statusOf(value: string | undefined): number | null {
  const status = Number(value);
  return value !== undefined && Number.isInteger(status) && status >= 100 && status < 600 ? status : null;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
