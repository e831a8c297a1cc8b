import { z } from "zod";
import { timestamp } from "../timestamp.ts";
import { avatarColor } from "./events.ts";

/** The users read model as stored; `password_hash` never leaves the server. */
export const userRecord = z.object({
  id: z.uuid(),
  email: z.string(),
  password_hash: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  picture: z.string().nullable(),
  color: avatarColor,
  created_at: timestamp,
  updated_at: timestamp,
});
export type UserRecord = z.infer<typeof userRecord>;

/** A user as clients see it (devise_token_auth's `data`). */
export const userRow = userRecord.omit({ password_hash: true, created_at: true });
export type UserRow = z.infer<typeof userRow>;

export const passwordResetRecord = z.object({
  id: z.uuid(),
  token_hash: z.string(),
  expires_at: timestamp,
});
export type PasswordResetRecord = z.infer<typeof passwordResetRecord>;
