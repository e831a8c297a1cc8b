import { z } from "zod";

export const avatarColors = ["blue", "yellow", "violet", "red", "green", "pink"] as const;
export const avatarColor = z.enum(avatarColors);
export type AvatarColor = z.infer<typeof avatarColor>;

export const userSignedUp = z.object({
  type: z.literal("UserSignedUp"),
  data: z.object({
    userId: z.uuid(),
    email: z.string(),
    passwordHash: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    color: avatarColor,
  }),
});

export const userPasswordChanged = z.object({
  type: z.literal("UserPasswordChanged"),
  data: z.object({ userId: z.uuid(), passwordHash: z.string() }),
});

export const userPasswordResetRequested = z.object({
  type: z.literal("UserPasswordResetRequested"),
  data: z.object({
    userId: z.uuid(),
    tokenHash: z.string(),
    expiresAt: z.iso.datetime(),
    /** The page the mailed link opens (the app's own, checked on request); absent in early events. */
    resetPage: z.url().optional(),
  }),
});

export const userProfileUpdated = z.object({
  type: z.literal("UserProfileUpdated"),
  data: z.object({
    userId: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    color: avatarColor,
    picture: z.string().nullable(),
  }),
});

/**
 * A provider account (Google, Microsoft) signs in to this user from now on. `subject` is the
 * provider's id for the person (the id token's `iss` and `sub`), never a token.
 */
export const userProviderLinked = z.object({
  type: z.literal("UserProviderLinked"),
  data: z.object({
    userId: z.uuid(),
    provider: z.enum(["google_oauth2", "microsoft_graph_auth"]),
    issuer: z.string(),
    subject: z.string(),
    email: z.string(),
  }),
});

/** Appended with expected revision no_stream to the email's reservation stream: one account per email. */
export const emailReserved = z.object({
  type: z.literal("EmailReserved"),
  data: z.object({ email: z.string(), userId: z.uuid() }),
});

export const userEvent = z.discriminatedUnion("type", [
  userSignedUp,
  userPasswordChanged,
  userPasswordResetRequested,
  userProfileUpdated,
  userProviderLinked,
]);
export type UserEvent = z.infer<typeof userEvent>;
export type EmailReserved = z.infer<typeof emailReserved>;
