import { at, type Examples, ids } from "./example-ids.ts";

export const userEvents: Examples<
  | "UserSignedUp"
  | "UserPasswordChanged"
  | "UserPasswordResetRequested"
  | "UserProfileUpdated"
  | "UserProviderLinked"
  | "EmailReserved"
> = {
  UserSignedUp: {
    type: "UserSignedUp",
    data: {
      userId: ids.user,
      email: "ann@example.com",
      passwordHash: "x",
      firstName: "Ann",
      lastName: "Lee",
      color: "blue",
    },
  },
  UserPasswordChanged: { type: "UserPasswordChanged", data: { userId: ids.user, passwordHash: "y" } },
  UserPasswordResetRequested: {
    type: "UserPasswordResetRequested",
    data: { userId: ids.user, tokenHash: "t", expiresAt: at },
  },
  UserProfileUpdated: {
    type: "UserProfileUpdated",
    data: { userId: ids.user, firstName: "Ann", lastName: "Lee-Smith", color: "blue", picture: null },
  },
  UserProviderLinked: {
    type: "UserProviderLinked",
    data: {
      userId: ids.user,
      provider: "google_oauth2",
      issuer: "https://accounts.google.com",
      subject: "1",
      email: "ann@example.com",
    },
  },
  EmailReserved: { type: "EmailReserved", data: { email: "ann@example.com", userId: ids.user } },
};
