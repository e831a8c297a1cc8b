import type { UserRow } from "@hirestream/contracts/accounts/rows.ts";
import type { Database } from "../database.ts";

/** devise_token_auth's `errors: {field: [...], full_messages: [...]}` from field → messages. */
export function fieldErrors(errors: Record<string, string[]>): Record<string, string[]> {
  const humanise = (field: string) => {
    const words = field.replaceAll("_", " ");
    return words.charAt(0).toUpperCase() + words.slice(1);
  };
  const fullMessages = Object.entries(errors).flatMap(([field, list]) =>
    list.map((message) => (/^[A-Z]/.test(message) ? message : `${humanise(field)} ${message}`)),
  );
  return { ...errors, full_messages: fullMessages };
}

export function userData(
  user: Pick<Database["read.users"], "id" | "email" | "first_name" | "last_name" | "picture" | "color" | "updated_at">,
): UserRow & {
  uid: string;
  provider: string;
} {
  return {
    id: user.id,
    email: user.email,
    uid: user.email,
    provider: "email",
    first_name: user.first_name,
    last_name: user.last_name,
    picture: user.picture,
    color: user.color,
    updated_at: user.updated_at.toISOString(),
  };
}
