import { z } from "zod";
import { text as storableText } from "../text.ts";

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
