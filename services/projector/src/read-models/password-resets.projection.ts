import { type PasswordResetRecord, passwordResetRecord } from "@hirestream/contracts/accounts/rows.ts";
import type { Projection } from "../projection.ts";

/** The one live reset token of each user, by hash; a password change spends it. Never synced. */
export const passwordResetsProjection: Projection<PasswordResetRecord> = {
  table: "password_resets",
  row: passwordResetRecord,
  entity: null,
  keys(event) {
    switch (event.type) {
      case "UserPasswordResetRequested":
      case "UserPasswordChanged":
        return [{ column: "id", value: event.data.userId }];
      default:
        return [];
    }
  },
  apply(rows, event) {
    if (event.type === "UserPasswordResetRequested") {
      const { userId, tokenHash, expiresAt } = event.data;
      rows.put({ id: userId, token_hash: tokenHash, expires_at: new Date(expiresAt).toISOString() });
    } else if (event.type === "UserPasswordChanged") {
      rows.delete(event.data.userId);
    }
  },
  scopes: () => [],
  toClient: () => ({}),
};
