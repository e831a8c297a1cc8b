import type { UserEvent } from "@hirestream/contracts/accounts/events.ts";
import { userEvent } from "@hirestream/contracts/accounts/events.ts";
import { DomainError } from "@hirestream/contracts/errors.ts";
import { describe, expect, it } from "vitest";
import { type CommandContext, fold } from "../decider.ts";
import { type UserCommand, userDecider } from "./user.decider.ts";

const userId = "0b5d3f3e-6a1f-4c1e-9d7a-2f1c3b4a5e6f";
const now = new Date("2026-11-22T12:00:00Z");
const context: CommandContext = { now, actorId: userId };

const signedUp: UserEvent = {
  type: "UserSignedUp",
  data: { userId, email: "ada@example.com", passwordHash: "hash-1", firstName: "", lastName: "", color: "blue" },
};

function resetRequested(tokenHash: string, expiresAt: string): UserEvent {
  return { type: "UserPasswordResetRequested", data: { userId, tokenHash, expiresAt } };
}

function passwordChanged(passwordHash: string): UserEvent {
  return { type: "UserPasswordChanged", data: { userId, passwordHash } };
}

function profileUpdated(data: {
  firstName: string;
  lastName: string;
  color: "blue" | "yellow" | "violet" | "red" | "green" | "pink";
  picture: string | null;
}): UserEvent {
  return { type: "UserProfileUpdated", data: { userId, ...data } };
}

/** Given these events, when this command is decided: the events it emits (each checked against the contract). */
function when(given: UserEvent[], command: UserCommand, at: CommandContext = context): UserEvent[] {
  const events = userDecider.decide(fold(userDecider, given), command, at);
  for (const event of events) userEvent.parse(event);
  return events;
}

/** Given these events, when this command is decided: the DomainError it is rejected with. */
function rejection(given: UserEvent[], command: UserCommand, at: CommandContext = context) {
  try {
    userDecider.decide(fold(userDecider, given), command, at);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { code: error.code, message: error.message, pointer: error.pointer };
  }
  throw new Error(`expected ${command.type} to be rejected, but it was accepted`);
}

const invalidToken = {
  code: "RESET_TOKEN_INVALID",
  message: "Reset password token is invalid or has expired",
  pointer: "/reset_password_token",
};

describe("SignUp", () => {
  it("a new user signs up with empty names", () => {
    expect(
      when([], {
        type: "SignUp",
        data: { userId, email: "ada@example.com", passwordHash: "hash-1", color: "blue" },
      }),
    ).toEqual([signedUp]);
  });

  it("a user who has already signed up may not sign up again", () => {
    expect(
      rejection([signedUp], {
        type: "SignUp",
        data: { userId, email: "other@example.com", passwordHash: "hash-2", color: "red" },
      }),
    ).toEqual({ code: "ALREADY_EXISTS", message: "A record with this id already exists", pointer: undefined });
  });
});

describe("commands on a user who has not signed up", () => {
  const commands: Exclude<UserCommand, { type: "SignUp" }>[] = [
    { type: "ChangePassword", data: { passwordHash: "hash-2" } },
    { type: "RequestPasswordReset", data: { tokenHash: "token-1", expiresAt: "2026-11-22T13:00:00.000Z" } },
    { type: "ResetPassword", data: { tokenHash: "token-1", passwordHash: "hash-2" } },
    { type: "UpdateProfile", data: { firstName: "Ada" } },
  ];

  for (const command of commands) {
    it(`${command.type} on an unknown user is not found`, () => {
      expect(rejection([], command)).toEqual({ code: "NOT_FOUND", message: "User not found", pointer: undefined });
    });

    it(`${command.type} is not found even when stray events precede the sign-up`, () => {
      const stray = [passwordChanged("hash-0"), resetRequested("token-0", "2026-11-22T13:00:00.000Z")];
      expect(rejection(stray, command)).toEqual({ code: "NOT_FOUND", message: "User not found", pointer: undefined });
    });
  }
});

describe("ChangePassword", () => {
  it("a registered user changes their password", () => {
    expect(when([signedUp], { type: "ChangePassword", data: { passwordHash: "hash-2" } })).toEqual([
      passwordChanged("hash-2"),
    ]);
  });

  it("changing the password voids a pending reset token", () => {
    const given = [signedUp, resetRequested("token-1", "2026-11-22T13:00:00.000Z"), passwordChanged("hash-2")];
    expect(rejection(given, { type: "ResetPassword", data: { tokenHash: "token-1", passwordHash: "hash-3" } })).toEqual(
      invalidToken,
    );
  });
});

describe("RequestPasswordReset", () => {
  it("a registered user requests a password reset", () => {
    expect(
      when([signedUp], {
        type: "RequestPasswordReset",
        data: { tokenHash: "token-1", expiresAt: "2026-11-22T13:00:00.000Z" },
      }),
    ).toEqual([resetRequested("token-1", "2026-11-22T13:00:00.000Z")]);
  });

  it("a user may request a reset again while one is pending", () => {
    expect(
      when([signedUp, resetRequested("token-1", "2026-11-22T13:00:00.000Z")], {
        type: "RequestPasswordReset",
        data: { tokenHash: "token-2", expiresAt: "2026-11-22T14:00:00.000Z" },
      }),
    ).toEqual([resetRequested("token-2", "2026-11-22T14:00:00.000Z")]);
  });
});

describe("ResetPassword", () => {
  const pending = [signedUp, resetRequested("token-1", "2026-11-22T13:00:00.000Z")];

  it("the right token before it expires sets the new password", () => {
    expect(when(pending, { type: "ResetPassword", data: { tokenHash: "token-1", passwordHash: "hash-2" } })).toEqual([
      passwordChanged("hash-2"),
    ]);
  });

  it("the right token one millisecond before it expires still works", () => {
    const justBefore = { now: new Date("2026-11-22T12:59:59.999Z"), actorId: null };
    expect(
      when(pending, { type: "ResetPassword", data: { tokenHash: "token-1", passwordHash: "hash-2" } }, justBefore),
    ).toEqual([passwordChanged("hash-2")]);
  });

  it("a wrong token is rejected", () => {
    expect(
      rejection(pending, { type: "ResetPassword", data: { tokenHash: "token-x", passwordHash: "hash-2" } }),
    ).toEqual(invalidToken);
  });

  it("an expired token is rejected", () => {
    const later = { now: new Date("2026-11-22T13:00:00.001Z"), actorId: null };
    expect(
      rejection(pending, { type: "ResetPassword", data: { tokenHash: "token-1", passwordHash: "hash-2" } }, later),
    ).toEqual(invalidToken);
  });

  it("a token is already expired at exactly its expiry time", () => {
    const atExpiry = { now: new Date("2026-11-22T13:00:00Z"), actorId: null };
    expect(
      rejection(pending, { type: "ResetPassword", data: { tokenHash: "token-1", passwordHash: "hash-2" } }, atExpiry),
    ).toEqual(invalidToken);
  });

  it("a reset is rejected when none was requested", () => {
    expect(
      rejection([signedUp], { type: "ResetPassword", data: { tokenHash: "token-1", passwordHash: "hash-2" } }),
    ).toEqual(invalidToken);
  });

  it("a token cannot be used again after a successful reset", () => {
    const reset = when(pending, { type: "ResetPassword", data: { tokenHash: "token-1", passwordHash: "hash-2" } });
    expect(
      rejection([...pending, ...reset], {
        type: "ResetPassword",
        data: { tokenHash: "token-1", passwordHash: "hash-3" },
      }),
    ).toEqual(invalidToken);
  });

  it("a second reset request replaces the first token", () => {
    const given = [...pending, resetRequested("token-2", "2026-11-22T14:00:00.000Z")];
    expect(rejection(given, { type: "ResetPassword", data: { tokenHash: "token-1", passwordHash: "hash-2" } })).toEqual(
      invalidToken,
    );
    expect(when(given, { type: "ResetPassword", data: { tokenHash: "token-2", passwordHash: "hash-2" } })).toEqual([
      passwordChanged("hash-2"),
    ]);
  });

  it("a second reset request also replaces the first expiry", () => {
    const given = [...pending, resetRequested("token-2", "2026-11-22T12:30:00.000Z")];
    const between = { now: new Date("2026-11-22T12:45:00Z"), actorId: null };
    expect(
      rejection(given, { type: "ResetPassword", data: { tokenHash: "token-2", passwordHash: "hash-2" } }, between),
    ).toEqual(invalidToken);
  });
});

describe("UpdateProfile", () => {
  const profiled = [
    signedUp,
    profileUpdated({ firstName: "Ada", lastName: "Lovelace", color: "blue", picture: "https://example.com/ada.png" }),
  ];

  it("changing the first name emits the whole profile with the other fields kept", () => {
    expect(when(profiled, { type: "UpdateProfile", data: { firstName: "Augusta" } })).toEqual([
      profileUpdated({
        firstName: "Augusta",
        lastName: "Lovelace",
        color: "blue",
        picture: "https://example.com/ada.png",
      }),
    ]);
  });

  it("changing the last name keeps the other fields", () => {
    expect(when(profiled, { type: "UpdateProfile", data: { lastName: "King" } })).toEqual([
      profileUpdated({ firstName: "Ada", lastName: "King", color: "blue", picture: "https://example.com/ada.png" }),
    ]);
  });

  it("changing the color keeps the other fields", () => {
    expect(when(profiled, { type: "UpdateProfile", data: { color: "green" } })).toEqual([
      profileUpdated({
        firstName: "Ada",
        lastName: "Lovelace",
        color: "green",
        picture: "https://example.com/ada.png",
      }),
    ]);
  });

  it("a picture can be set on a fresh profile", () => {
    expect(when([signedUp], { type: "UpdateProfile", data: { picture: "https://example.com/ada.png" } })).toEqual([
      profileUpdated({ firstName: "", lastName: "", color: "blue", picture: "https://example.com/ada.png" }),
    ]);
  });

  it("the picture can be cleared to null", () => {
    expect(when(profiled, { type: "UpdateProfile", data: { picture: null } })).toEqual([
      profileUpdated({ firstName: "Ada", lastName: "Lovelace", color: "blue", picture: null }),
    ]);
  });

  it("several fields change together in one event", () => {
    expect(
      when(profiled, {
        type: "UpdateProfile",
        data: { firstName: "Grace", lastName: "Hopper", color: "pink", picture: "https://example.com/grace.png" },
      }),
    ).toEqual([
      profileUpdated({
        firstName: "Grace",
        lastName: "Hopper",
        color: "pink",
        picture: "https://example.com/grace.png",
      }),
    ]);
  });

  it("an update naming no fields emits nothing", () => {
    expect(when(profiled, { type: "UpdateProfile", data: {} })).toEqual([]);
  });

  it("an update repeating the current values emits nothing", () => {
    expect(
      when(profiled, {
        type: "UpdateProfile",
        data: { firstName: "Ada", lastName: "Lovelace", color: "blue", picture: "https://example.com/ada.png" },
      }),
    ).toEqual([]);
  });

  it("clearing a picture that is already empty emits nothing", () => {
    expect(when([signedUp], { type: "UpdateProfile", data: { picture: null } })).toEqual([]);
  });

  it("repeating the name and color given at sign-up emits nothing", () => {
    expect(when([signedUp], { type: "UpdateProfile", data: { color: "blue", firstName: "" } })).toEqual([]);
  });
});

describe("evolve", () => {
  it("a sign-up builds the registered state", () => {
    expect(fold(userDecider, [signedUp])).toEqual({
      status: "registered",
      userId,
      email: "ada@example.com",
      passwordHash: "hash-1",
      firstName: "",
      lastName: "",
      color: "blue",
      picture: null,
      reset: null,
      providerAccounts: [],
    });
  });

  it("events it does not know leave a registered user unchanged", () => {
    const foreign = {
      type: "WorkspaceCreated",
      data: { workspaceId: userId, name: "x", description: "y", visible: true, ownerId: userId },
    } as unknown as UserEvent;
    expect(fold(userDecider, [signedUp, foreign])).toEqual(fold(userDecider, [signedUp]));
  });

  it("events it does not know leave an unknown user unknown", () => {
    const foreign = { type: "SomethingElse", data: {} } as unknown as UserEvent;
    expect(fold(userDecider, [foreign])).toEqual({ status: "unknown" });
  });
});

describe("link a provider account", () => {
  const link = {
    type: "LinkProvider",
    data: {
      provider: "google_oauth2",
      issuer: "https://accounts.google.com",
      subject: "1234567890",
      email: "ada@example.com",
    },
  } as const satisfies UserCommand;

  it("links a provider account to the user once", () => {
    const linked = when([signedUp], link);
    expect(linked).toEqual([{ type: "UserProviderLinked", data: { userId, ...link.data } }]);
    expect(when([signedUp, ...linked], link)).toEqual([]);
  });

  it("links another account of the same provider as well", () => {
    const linked = when([signedUp], link);
    expect(when([signedUp, ...linked], { ...link, data: { ...link.data, subject: "another" } })).toHaveLength(1);
  });

  it("links nothing to a user that does not exist", () => {
    expect(() => when([], link)).toThrow(DomainError);
  });
});
