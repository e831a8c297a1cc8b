import { type Examples, ids } from "./example-ids.ts";

export const credentialEvents: Examples<
  | "CredentialAdded"
  | "CredentialRenamed"
  | "CredentialAliasesChanged"
  | "CredentialLimitsChanged"
  | "CredentialTested"
  | "CredentialFailed"
  | "CredentialReconnected"
  | "CredentialRemoved"
> = {
  CredentialAdded: {
    type: "CredentialAdded",
    data: {
      credentialId: ids.credential,
      workspaceId: ids.workspace,
      userId: ids.user,
      providerType: "local",
      name: "Local",
      email: "me@example.com",
      dailyLimit: 400,
      minGapSeconds: 60,
      hasImap: false,
    },
  },
  CredentialRenamed: {
    type: "CredentialRenamed",
    data: { credentialId: ids.credential, workspaceId: ids.workspace, name: "Mine" },
  },
  CredentialAliasesChanged: {
    type: "CredentialAliasesChanged",
    data: { credentialId: ids.credential, workspaceId: ids.workspace, aliases: [] },
  },
  CredentialLimitsChanged: {
    type: "CredentialLimitsChanged",
    data: { credentialId: ids.credential, workspaceId: ids.workspace, dailyLimit: 10, minGapSeconds: 0 },
  },
  CredentialTested: { type: "CredentialTested", data: { credentialId: ids.credential, workspaceId: ids.workspace } },
  CredentialFailed: {
    type: "CredentialFailed",
    data: { credentialId: ids.credential, workspaceId: ids.workspace, failMessage: "no" },
  },
  CredentialReconnected: {
    type: "CredentialReconnected",
    data: { credentialId: ids.credential, workspaceId: ids.workspace, userId: ids.user },
  },
  CredentialRemoved: { type: "CredentialRemoved", data: { credentialId: ids.credential, workspaceId: ids.workspace } },
};
