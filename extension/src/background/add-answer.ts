// What an answer to POST /people/from_profile means for the add that was sent.
import { type ProfileAddedMeta, profileAddedMeta } from "@hirestream/contracts/people/from-profile.ts";
import { z } from "zod";

/** An answer the API gave (status and parsed body), or none at all (the network failed). */
export type Reply =
  | { kind: "answer"; status: number; body: unknown; retryAfterSeconds: number | null }
  | { kind: "network"; message: string };

export type AddAnswer =
  | { kind: "added"; meta: ProfileAddedMeta }
  /** The session is gone: the add waits for the user to sign in again. */
  | { kind: "signed_out" }
  /** Worth sending again later (no answer, the server's trouble, or too many requests). */
  | { kind: "retry"; reason: string; retryAfterSeconds: number | null }
  /** The server refused it for good; `detail` says why, in its words. */
  | { kind: "refused"; detail: string };

const addedBody = z.object({ meta: profileAddedMeta });
const errorsBody = z.object({
  errors: z.array(
    z.object({
      title: z.string().optional(),
      detail: z.string().optional(),
      source: z.object({ pointer: z.string() }).optional(),
    }),
  ),
});

/** The server's words for a refusal: each error's detail (with the field it concerns), else its title. */
export function refusalDetail(status: number, body: unknown): string {
  const parsed = errorsBody.safeParse(body);
  const words = parsed.success
    ? parsed.data.errors.flatMap((error) => {
        const text = error.detail ?? error.title;
        if (!text) return [];
        const field = error.source?.pointer.split("/").at(-1);
        return [field && field !== "attributes" && field !== "data" ? `${field.replaceAll("_", " ")}: ${text}` : text];
      })
    : [];
  return words.length > 0 ? words.join("; ") : `The server refused the add (${status}).`;
}

export function answerOf(reply: Reply): AddAnswer {
  if (reply.kind === "network")
    return { kind: "retry", reason: `Hirestream could not be reached (${reply.message})`, retryAfterSeconds: null };
  const { status, body, retryAfterSeconds } = reply;
  if (status === 200 || status === 201) {
    const parsed = addedBody.safeParse(body);
    if (parsed.success) return { kind: "added", meta: parsed.data.meta };
    return {
      kind: "refused",
      detail: "Hirestream answered in a way this extension does not understand; it may need an update.",
    };
  }
  if (status === 401) return { kind: "signed_out" };
  if (status === 429) return { kind: "retry", reason: "Hirestream is busy", retryAfterSeconds };
  if (status >= 500) return { kind: "retry", reason: `Hirestream had a problem (${status})`, retryAfterSeconds };
  return { kind: "refused", detail: refusalDetail(status, body) };
}
