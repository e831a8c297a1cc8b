import { at, type EventOf, type Examples, type Given, ids } from "./example-ids.ts";

/** A sign-up with the usual password hash and color. */
export const userSignedUp = (
  data: Given<"UserSignedUp", "userId" | "email" | "firstName" | "lastName">,
): EventOf<"UserSignedUp"> => ({ type: "UserSignedUp", data: { passwordHash: "x", color: "blue", ...data } });

export const userEvents: Examples<
  | "UserSignedUp"
  | "UserPasswordChanged"
  | "UserPasswordResetRequested"
  | "UserProfileUpdated"
  | "UserProviderLinked"
  | "EmailReserved"
> = {
  UserSignedUp: userSignedUp({ userId: ids.user, email: "ann@example.com", firstName: "Ann", lastName: "Lee" }),
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
