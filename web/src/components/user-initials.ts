// What the avatar shows of a user (spec §2, Top bar).

export interface NamedUser {
  email: string;
  first_name: string;
  last_name: string;
}

/** "Ada Lovelace" → "AL"; without a name, the email's first letter. */
export function userInitials(user: NamedUser): string {
  const letters = [user.first_name, user.last_name].map((name) => name.trim().charAt(0)).join("");
  return (letters || user.email.trim().charAt(0)).toUpperCase();
}

/** The tooltip: full name, else the email. */
export function userDisplayName(user: NamedUser): string {
  return `${user.first_name.trim()} ${user.last_name.trim()}`.trim() || user.email;
}
