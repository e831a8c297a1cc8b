// The account settings calls: the user's own profile (PUT /auth, devise's registrations#update),
// ending the other devices' sessions, and the feature flags screens are gated on.
import type { AccountUpdateBody } from "@hirestream/contracts/accounts/commands.ts";
import { userRow } from "@hirestream/contracts/accounts/rows.ts";
import { type FeatureFlags, featuresDocument } from "@hirestream/contracts/features/flags.ts";
import { z } from "zod";
import { type ApiRequestOptions, apiRequest } from "./api-client.ts";
import { ApiError } from "./api-errors.ts";
import type { User } from "./auth-api.ts";

/** A retried write passes the key it first used, so the server applies it once. */
export type WriteOptions = Pick<ApiRequestOptions, "idempotencyKey" | "signal">;

const accountUpdated = z.object({
  status: z.literal("success"),
  data: userRow,
  meta: z.object({ position: z.number().int().nonnegative() }),
});

const sessionsEnded = z.object({ success: z.literal(true), ended: z.number().int().nonnegative() });

function parsed<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const result = schema.safeParse(body);
  if (!result.success) throw new ApiError(200, ["The server answered in an unexpected shape."], { body });
  return result.data;
}

/**
 * Changes the signed-in user's name or avatar colour; fields left out stay as they are. Answers the
 * user as saved and the event position, which a read sends as `x-min-position` to see the change.
 * A refusal is an ApiError with devise's `fieldErrors` (`color: ["is not included in the list"]`).
 */
export async function putAccount(
  changes: AccountUpdateBody,
  options: WriteOptions = {},
): Promise<{ user: User; position: number }> {
  const answer = parsed(accountUpdated, await apiRequest("/auth", { ...options, method: "PUT", body: changes }));
  return { user: answer.data, position: answer.meta.position };
}

/** Signs out every other device of this user; this one stays signed in. Answers how many ended. */
export async function deleteOtherSessions(options: WriteOptions = {}): Promise<number> {
  return parsed(sessionsEnded, await apiRequest("/auth/sessions", { ...options, method: "DELETE" })).ended;
}

export async function getFeatures(options: Pick<ApiRequestOptions, "signal"> = {}): Promise<FeatureFlags> {
  return parsed(featuresDocument, await apiRequest("/features", options)).data.attributes;
}
