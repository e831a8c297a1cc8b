import { type UserRecord, userRecord } from "@hirestream/contracts/accounts/rows.ts";
import type { Projection } from "../projection.ts";

export const usersProjection: Projection<UserRecord> = {
  table: "users",
  row: userRecord,
  entity: "user",
  keys(event) {
    switch (event.type) {
      case "UserSignedUp":
      case "UserPasswordChanged":
      case "UserProfileUpdated":
        return [{ column: "id", value: event.data.userId }];
      default:
        return [];
    }
  },
  apply(rows, event, { occurredAt }) {
    switch (event.type) {
      case "UserSignedUp": {
        const { userId, email, passwordHash, firstName, lastName, color } = event.data;
        rows.put({
          id: userId,
          email,
          password_hash: passwordHash,
          first_name: firstName,
          last_name: lastName,
          picture: null,
          color,
          created_at: occurredAt,
          updated_at: occurredAt,
        });
        return;
      }
      case "UserPasswordChanged": {
        const user = rows.get(event.data.userId);
        if (user) rows.put({ ...user, password_hash: event.data.passwordHash, updated_at: occurredAt });
        return;
      }
      case "UserProfileUpdated": {
        const user = rows.get(event.data.userId);
        const { firstName, lastName, color, picture } = event.data;
        if (user)
          rows.put({ ...user, first_name: firstName, last_name: lastName, color, picture, updated_at: occurredAt });
        return;
      }
      default:
        return;
    }
  },
  scopes: (user) => [`user:${user.id}`],
  toClient: ({ password_hash: _secret, created_at: _created, ...user }) => user,
};
