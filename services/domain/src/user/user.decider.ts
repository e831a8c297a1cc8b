import type { AvatarColor, UserEvent } from "@hirestream/contracts/accounts/events.ts";
import { DomainError } from "@hirestream/contracts/errors.ts";
import type { CommandContext, Decider } from "../decider.ts";

export type UserCommand =
  | {
      type: "SignUp";
      data: { userId: string; email: string; passwordHash: string; color: AvatarColor };
    }
  | { type: "ChangePassword"; data: { passwordHash: string } }
  | { type: "RequestPasswordReset"; data: { tokenHash: string; expiresAt: string; resetPage?: string } }
  | { type: "ResetPassword"; data: { tokenHash: string; passwordHash: string } }
  | {
      type: "LinkProvider";
      data: { provider: "google_oauth2" | "microsoft_graph_auth"; issuer: string; subject: string; email: string };
    }
  | {
      type: "UpdateProfile";
      data: { firstName?: string; lastName?: string; color?: AvatarColor; picture?: string | null };
    };

export type UserState =
  | { status: "unknown" }
  | {
      status: "registered";
      userId: string;
      email: string;
      passwordHash: string;
      firstName: string;
      lastName: string;
      color: AvatarColor;
      picture: string | null;
      reset: { tokenHash: string; expiresAt: string } | null;
      /** `{issuer} {subject}` of every provider account linked. */
      providerAccounts: readonly string[];
    };

export const userDecider: Decider<UserState, UserCommand, UserEvent> = {
  initialState: () => ({ status: "unknown" }),

  evolve(state, event) {
    switch (event.type) {
      case "UserSignedUp":
        return {
          status: "registered",
          userId: event.data.userId,
          email: event.data.email,
          passwordHash: event.data.passwordHash,
          firstName: event.data.firstName,
          lastName: event.data.lastName,
          color: event.data.color,
          picture: null,
          reset: null,
          providerAccounts: [],
        };
      case "UserPasswordChanged":
        return state.status === "registered" ? { ...state, passwordHash: event.data.passwordHash, reset: null } : state;
      case "UserPasswordResetRequested":
        return state.status === "registered"
          ? { ...state, reset: { tokenHash: event.data.tokenHash, expiresAt: event.data.expiresAt } }
          : state;
      case "UserProfileUpdated":
        return state.status === "registered"
          ? {
              ...state,
              firstName: event.data.firstName,
              lastName: event.data.lastName,
              color: event.data.color,
              picture: event.data.picture,
            }
          : state;
      case "UserProviderLinked":
        return state.status === "registered"
          ? { ...state, providerAccounts: [...state.providerAccounts, providerAccount(event.data)] }
          : state;
      default:
        return state;
    }
  },

  decide(state, command, context) {
    if (command.type === "SignUp") {
      if (state.status !== "unknown") throw new DomainError("ALREADY_EXISTS");
      const { userId, email, passwordHash, color } = command.data;
      return [{ type: "UserSignedUp", data: { userId, email, passwordHash, firstName: "", lastName: "", color } }];
    }
    if (state.status !== "registered") throw new DomainError("NOT_FOUND", "User not found");
    return decideForRegistered(state, command, context);
  },
};

type Registered = Extract<UserState, { status: "registered" }>;

const providerAccount = (account: { issuer: string; subject: string }) => `${account.issuer} ${account.subject}`;

function decideForRegistered(
  state: Registered,
  command: Exclude<UserCommand, { type: "SignUp" }>,
  context: CommandContext,
): UserEvent[] {
  switch (command.type) {
    case "ChangePassword":
      return [{ type: "UserPasswordChanged", data: { userId: state.userId, passwordHash: command.data.passwordHash } }];
    case "RequestPasswordReset":
      return [{ type: "UserPasswordResetRequested", data: { userId: state.userId, ...command.data } }];
    case "ResetPassword": {
      const reset = state.reset;
      if (
        !reset ||
        reset.tokenHash !== command.data.tokenHash ||
        !(Date.parse(reset.expiresAt) > context.now.getTime())
      ) {
        throw new DomainError("RESET_TOKEN_INVALID", undefined, "/reset_password_token");
      }
      return [{ type: "UserPasswordChanged", data: { userId: state.userId, passwordHash: command.data.passwordHash } }];
    }
    case "LinkProvider": {
      // Linked once: the next sign-ins with the same provider account change nothing.
      if (state.providerAccounts.includes(providerAccount(command.data))) return [];
      return [{ type: "UserProviderLinked", data: { userId: state.userId, ...command.data } }];
    }
    case "UpdateProfile": {
      const next = {
        firstName: command.data.firstName ?? state.firstName,
        lastName: command.data.lastName ?? state.lastName,
        color: command.data.color ?? state.color,
        picture: command.data.picture === undefined ? state.picture : command.data.picture,
      };
      const unchanged =
        next.firstName === state.firstName &&
        next.lastName === state.lastName &&
        next.color === state.color &&
        next.picture === state.picture;
      return unchanged ? [] : [{ type: "UserProfileUpdated", data: { userId: state.userId, ...next } }];
    }
    default: {
      const unhandled: never = command;
      throw new Error(`unhandled command ${JSON.stringify(unhandled)}`);
    }
  }
}
