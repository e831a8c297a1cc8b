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
]);
export type UserEvent = z.infer<typeof userEvent>;
export type EmailReserved = z.infer<typeof emailReserved>;
