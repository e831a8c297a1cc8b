import { CREDENTIAL_NAME_MAX, credentialMessages } from "@hirestream/contracts/credentials/commands.ts";
import type { CredentialEvent } from "@hirestream/contracts/credentials/events.ts";
import { DEFAULT_DAILY_LIMIT, DEFAULT_MIN_GAP_SECONDS } from "@hirestream/contracts/credentials/limits.ts";
import type { CredentialHealth, ProviderType } from "@hirestream/contracts/credentials/rows.ts";
import { DomainError } from "@hirestream/contracts/errors.ts";
import { mayInWorkspace, type WorkspaceAction } from "@hirestream/contracts/permissions/permission-table.ts";
import type { WorkspaceRole } from "@hirestream/contracts/workspaces/events.ts";
import type { CommandContext, Decider } from "../decider.ts";

/** Longest failure message kept: a server's answer can be long, the list shows one line of it. */
export const FAIL_MESSAGE_MAX = 500;

export type CredentialCommand =
  | {
      type: "AddCredential";
      data: {
        credentialId: string;
        workspaceId: string;
        providerType: ProviderType;
        name: string;
        email: string;
        dailyLimit?: number | undefined;
        minGapSeconds?: number | undefined;
        hasImap: boolean;
      };
    }
  | {
      type: "UpdateCredential";
      data: {
        workspaceId: string;
        name?: string | undefined;
        aliases?: string[] | undefined;
        dailyLimit?: number | undefined;
        minGapSeconds?: number | undefined;
      };
    }
  /** A Google or Microsoft mailbox signed in to from the Integrations screen: a new credential of the workspace. */
  | {
      type: "ConnectCredential";
      data: {
        credentialId: string;
        workspaceId: string;
        providerType: OAuthProviderType;
        name: string;
        email: string;
      };
    }
  /** The same mailbox signed in to again: its sealed token was replaced. */
  | { type: "ReconnectCredential"; data: { workspaceId: string } }
  /** What a Test found: null when the mailbox answered and took the sign-in, else the server's words. */
  | { type: "RecordTestResult"; data: { workspaceId: string; failure: string | null } }
  /** The system's: sending found the mailbox's sign-in refused for good (revoked, expired). */
  | { type: "RecordGrantRevoked"; data: { workspaceId: string; failure: string } }
  /**
   * Reading the mailbox's mail found its sign-in refused: the server's words. The engine records
   * it, as no one's role, so that the credential shows Error until someone tests or replaces it.
   */
  | { type: "RecordReadFailure"; data: { failure: string } }
  | { type: "RemoveCredential"; data: { workspaceId: string } };

export type CredentialState =
  | { status: "unknown" }
  | {
      status: "active";
      credentialId: string;
      workspaceId: string;
      providerType: ProviderType;
      name: string;
      email: string;
      aliases: readonly string[];
      health: CredentialHealth;
      failMessage: string | null;
      dailyLimit: number;
      minGapSeconds: number;
      hasImap: boolean;
    }
  | { status: "removed" };

/** The mailboxes connected by signing in with their provider, never by a posted form. */
export type OAuthProviderType = Extract<ProviderType, "google_oauth2" | "microsoft_graph_auth">;

export interface CredentialContext extends CommandContext {
  workspaceRole: WorkspaceRole | undefined;
  /** LOCAL_MAILBOX: whether this server keeps a development mailbox. */
  localMailbox: boolean;
}

export const credentialDecider: Decider<CredentialState, CredentialCommand, CredentialEvent, CredentialContext> = {
  initialState: () => ({ status: "unknown" }),

  evolve(state, event) {
    if (event.type === "CredentialAdded") {
      const { credentialId, workspaceId, providerType, name, email, dailyLimit, minGapSeconds, hasImap } = event.data;
      return {
        status: "active",
        credentialId,
        workspaceId,
        providerType,
        name,
        email,
        aliases: [],
        health: "Pending",
        failMessage: null,
        dailyLimit,
        minGapSeconds,
        hasImap,
      };
    }
    if (state.status !== "active") return state;
    switch (event.type) {
      case "CredentialRenamed":
        return { ...state, name: event.data.name };
      case "CredentialAliasesChanged":
        return { ...state, aliases: event.data.aliases };
      case "CredentialLimitsChanged":
        return { ...state, dailyLimit: event.data.dailyLimit, minGapSeconds: event.data.minGapSeconds };
      case "CredentialTested":
        return { ...state, health: "Tested", failMessage: null };
      case "CredentialFailed":
        return { ...state, health: "Error", failMessage: event.data.failMessage };
      case "CredentialReconnected":
        return state.health === "Error" ? { ...state, health: "Pending", failMessage: null } : state;
      case "CredentialRemoved":
        return { status: "removed" };
      default:
        return state;
    }
  },

  decide(state, command, context) {
    switch (command.type) {
      case "AddCredential": {
        const userId = authorize(context, "integrations.manage");
        if (state.status !== "unknown") throw new DomainError("ALREADY_EXISTS");
        const { data } = command;
        if (data.providerType === "google_oauth2" || data.providerType === "microsoft_graph_auth") {
          throw new DomainError("VALIDATION", credentialMessages.oauthOnly, pointer("provider_type"));
        }
        if (data.providerType === "local" && !context.localMailbox) {
          throw new DomainError("VALIDATION", credentialMessages.localMailboxOff, pointer("provider_type"));
        }
        return [
          {
            type: "CredentialAdded",
            data: {
              credentialId: data.credentialId,
              workspaceId: data.workspaceId,
              userId,
              providerType: data.providerType,
              name: validName(data.name),
              email: data.email.trim(),
              dailyLimit: data.dailyLimit ?? DEFAULT_DAILY_LIMIT,
              minGapSeconds: data.minGapSeconds ?? DEFAULT_MIN_GAP_SECONDS,
              hasImap: data.hasImap,
            },
          },
        ];
      }
      case "ConnectCredential": {
        const userId = authorize(context, "integrations.manage");
        if (state.status !== "unknown") throw new DomainError("ALREADY_EXISTS");
        const { data } = command;
        return [
          {
            type: "CredentialAdded",
            data: {
              credentialId: data.credentialId,
              workspaceId: data.workspaceId,
              userId,
              providerType: data.providerType,
              name: validName(data.name),
              email: data.email.trim(),
              dailyLimit: DEFAULT_DAILY_LIMIT,
              minGapSeconds: DEFAULT_MIN_GAP_SECONDS,
              hasImap: false,
            },
          },
        ];
      }
      case "ReconnectCredential": {
        const current = manageable(state, command.data.workspaceId, context);
        if (current.providerType !== "google_oauth2" && current.providerType !== "microsoft_graph_auth") {
          throw new DomainError("VALIDATION", credentialMessages.oauthOnlyReconnect, pointer("provider_type"));
        }
        const userId = authorize(context, "integrations.manage");
        const { credentialId, workspaceId } = current;
        return [{ type: "CredentialReconnected", data: { credentialId, workspaceId, userId } }];
      }
      case "RecordGrantRevoked": {
        if (state.status !== "active" || state.workspaceId !== command.data.workspaceId) {
          throw new DomainError("NOT_FOUND", "Credential not found");
        }
        const { credentialId, workspaceId } = state;
        const failMessage = oneLine(command.data.failure);
        if (state.health === "Error" && state.failMessage === failMessage) return [];
        return [{ type: "CredentialFailed", data: { credentialId, workspaceId, failMessage } }];
      }
      case "UpdateCredential": {
        const current = manageable(state, command.data.workspaceId, context);
        const { credentialId, workspaceId } = current;
        const { name, aliases, dailyLimit, minGapSeconds } = command.data;
        const events: CredentialEvent[] = [];
        const nextName = name === undefined ? undefined : validName(name);
        if (nextName !== undefined && nextName !== current.name) {
          events.push({ type: "CredentialRenamed", data: { credentialId, workspaceId, name: nextName } });
        }
        if (aliases !== undefined && JSON.stringify(aliases) !== JSON.stringify(current.aliases)) {
          events.push({ type: "CredentialAliasesChanged", data: { credentialId, workspaceId, aliases } });
        }
        const limits = {
          dailyLimit: dailyLimit ?? current.dailyLimit,
          minGapSeconds: minGapSeconds ?? current.minGapSeconds,
        };
        if (limits.dailyLimit !== current.dailyLimit || limits.minGapSeconds !== current.minGapSeconds) {
          events.push({ type: "CredentialLimitsChanged", data: { credentialId, workspaceId, ...limits } });
        }
        return events;
      }
      case "RecordTestResult": {
        const current = manageable(state, command.data.workspaceId, context);
        const { credentialId, workspaceId } = current;
        const { failure } = command.data;
        if (failure === null) {
          return current.health === "Tested" ? [] : [{ type: "CredentialTested", data: { credentialId, workspaceId } }];
        }
        const failMessage = oneLine(failure);
        if (current.health === "Error" && current.failMessage === failMessage) return [];
        return [{ type: "CredentialFailed", data: { credentialId, workspaceId, failMessage } }];
      }
      case "RecordReadFailure": {
        // Only the engine reads mailboxes: no request leads here.
        if (context.actorId !== null) throw new DomainError("FORBIDDEN");
        if (state.status !== "active") throw new DomainError("NOT_FOUND", "Credential not found");
        const { credentialId, workspaceId } = state;
        const failMessage = oneLine(command.data.failure);
        if (state.health === "Error" && state.failMessage === failMessage) return [];
        return [{ type: "CredentialFailed", data: { credentialId, workspaceId, failMessage } }];
      }
      case "RemoveCredential": {
        const { credentialId, workspaceId } = manageable(state, command.data.workspaceId, context);
        return [{ type: "CredentialRemoved", data: { credentialId, workspaceId } }];
      }
      default: {
        const unhandled: never = command;
        throw new Error(`unhandled command ${JSON.stringify(unhandled)}`);
      }
    }
  },
};

const pointer = (path: string) => `/data/attributes/${path}`;

/** Permission before existence: a stranger learns nothing (404), a viewer is refused (403). */
function authorize(context: CredentialContext, action: WorkspaceAction): string {
  if (!context.actorId) throw new DomainError("UNAUTHENTICATED");
  const role = context.workspaceRole;
  if (role === undefined) throw new DomainError("NOT_FOUND", "Workspace not found");
  if (!mayInWorkspace(role, action)) throw new DomainError("FORBIDDEN");
  return context.actorId;
}

type ActiveCredential = Extract<CredentialState, { status: "active" }>;

/** Another workspace's credential is as unknown as a missing one. */
function manageable(state: CredentialState, workspaceId: string, context: CredentialContext): ActiveCredential {
  authorize(context, "integrations.manage");
  if (state.status !== "active" || state.workspaceId !== workspaceId) {
    throw new DomainError("NOT_FOUND", "Credential not found");
  }
  return state;
}

function validName(name: string): string {
  const trimmed = name.trim();
  if (trimmed === "") throw new DomainError("VALIDATION", "This field is required", pointer("name"));
  if (trimmed.length > CREDENTIAL_NAME_MAX) {
    throw new DomainError("VALIDATION", credentialMessages.tooLong(CREDENTIAL_NAME_MAX), pointer("name"));
  }
  return trimmed;
}

/** A server's answer on one line, cut to what the list shows. */
function oneLine(message: string): string {
  const flat = message.replace(/\s+/g, " ").trim() || "The mail server refused the connection";
  return flat.length > FAIL_MESSAGE_MAX ? `${flat.slice(0, FAIL_MESSAGE_MAX - 1)}…` : flat;
}
