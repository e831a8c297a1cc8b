import { z } from "zod";
import { text as storableText } from "../text.ts";
import { avatarColors } from "./events.ts";

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

const text = storableText().max(512);

export const signUpBody = z
  .object({
    email: text.optional(),
    password: text.optional(),
    password_confirmation: text.optional(),
    confirm_success_url: text.optional(),
  })
  .strict();

export const signInBody = z.object({ email: text.optional(), password: text.optional() }).strict();

export const passwordResetRequestBody = z.object({ email: text.optional(), redirect_url: text.optional() }).strict();

export const passwordUpdateBody = z
  .object({
    password: text.optional(),
    password_confirmation: text.optional(),
    reset_password_token: text.optional(),
    current_password: text.optional(),
  })
  .strict();

/**
 * The signed-in user's own profile (PUT /auth, devise's registrations#update). 100 characters is
 * the limit the spec sets for free text elsewhere (a project's description): room for any real name,
 * while avatars and menus show names whole. Trimmed, so a stray space neither changes the initials
 * nor counts as a name.
 */
export const NAME_MAX = 100;
const personName = storableText({ error: "must be text" })
  .trim()
  .max(NAME_MAX, { error: `is too long (maximum is ${NAME_MAX} characters)` });

export const accountUpdateBody = z
  .object({
    first_name: personName.optional(),
    last_name: personName.optional(),
    color: z.enum(avatarColors, { error: "is not included in the list" }).optional(),
  })
  .strict();
export type AccountUpdateBody = z.infer<typeof accountUpdateBody>;
