// Validation rules of the signed-out forms (spec §5), with the spec's exact messages.
import { messages } from "@hirestream/contracts/messages.ts";

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

/** Login and sign-up: email required and matching the pattern. */
export function validEmail(value: string): string | null {
  return isValidEmail(value) ? null : messages.validEmail;
}

/** Forgot password: the spec gives 'This field is required' for a missing or malformed email. */
export function requiredEmail(value: string): string | null {
  return isValidEmail(value) ? null : messages.required;
}

export function required(value: string): string | null {
  return value.length > 0 ? null : messages.required;
}

export function confirmationMatches(value: string, values: { password: string }): string | null {
  if (value.length === 0) return messages.required;
  return value === values.password ? null : messages.passwordConfirmation;
}
