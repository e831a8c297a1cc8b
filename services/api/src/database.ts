import type { AvatarColor } from "@hirestream/contracts/accounts/events.ts";
import type { CandidacyRow } from "@hirestream/contracts/candidacies/rows.ts";
import type { CredentialRow } from "@hirestream/contracts/credentials/rows.ts";
import type { InvitationRow } from "@hirestream/contracts/invitations/rows.ts";
import type { MessageRow } from "@hirestream/contracts/mailbox/message-rows.ts";
import type { PersonRow } from "@hirestream/contracts/people/rows.ts";
import type { PayloadRow } from "@hirestream/contracts/processors/rows.ts";
import type { ProjectRow, ProjectUserRow } from "@hirestream/contracts/projects/rows.ts";
import type { SequenceRow } from "@hirestream/contracts/sequences/rows.ts";
import type { WorkflowRow } from "@hirestream/contracts/workflows/rows.ts";
import type { Generated } from "kysely";

/** The tables the API reads and the few it owns, as kysely sees them (snake_case, as stored). */
export interface Database {
  "read.users": {
    id: string;
    email: string;
    password_hash: string;
    first_name: string;
    last_name: string;
    picture: string | null;
    color: AvatarColor;
    created_at: Date;
    updated_at: Date;
  };
  "read.password_resets": { id: string; token_hash: string; expires_at: Date };
  "read.workspaces": {
    id: string;
    name: string;
    description: string;
    visible: boolean;
    user_id: string;
    created_at: Date;
    updated_at: Date;
  };
  "read.workspace_members": {
    id: string;
    workspace_id: string;
    user_id: string;
    role: string;
    first_name: string;
    last_name: string;
    email: string;
    created_at: Date;
  };
  "read.people": Omit<PersonRow, "created_at" | "updated_at"> & { created_at: Date; updated_at: Date };
  "read.projects": Omit<ProjectRow, "created_at" | "updated_at"> & { created_at: Date; updated_at: Date };
  "read.workflows": Omit<WorkflowRow, "created_at" | "updated_at"> & { created_at: Date; updated_at: Date };
  "read.sequences": Omit<SequenceRow, "created_at" | "updated_at"> & { created_at: Date; updated_at: Date };
  "read.candidacies": Omit<CandidacyRow, "stage_entered_at" | "created_at" | "updated_at"> & {
    stage_entered_at: Date;
    created_at: Date;
    updated_at: Date;
  };
  "read.project_users": Omit<ProjectUserRow, "last_activity" | "created_at" | "updated_at"> & {
    last_activity: Date | null;
    created_at: Date;
    updated_at: Date;
  };
  "read.invitations": Omit<InvitationRow, "created_at" | "updated_at"> & { created_at: Date; updated_at: Date };
  "read.credentials": Omit<CredentialRow, "created_at" | "updated_at"> & { created_at: Date; updated_at: Date };
  /** The run kept beside each row is the projector's alone. */
  "read.payloads": Omit<PayloadRow, "created_at" | "updated_at" | "processor"> & {
    processor: Omit<PayloadRow["processor"], "last_step_sent_date" | "current_step_schedule_date"> & {
      last_step_sent_date: string | null;
      current_step_schedule_date: string | null;
    };
    created_at: Date;
    updated_at: Date;
  };
  "read.messages": Omit<MessageRow, "created_at" | "updated_at"> & { created_at: Date; updated_at: Date };
  "read.checkpoint": { name: string; position: string };
  auth_sessions: {
    user_id: string;
    client: string;
    token_hash: string;
    expires_at: Date;
    created_at: Generated<Date>;
    last_used_at: Generated<Date>;
    /** The `$all` position this session's writes reached (bigint, as text). */
    written_position: Generated<string>;
  };
  sign_in_failures: { key: string; failures: number; window_started_at: Date };
  provider_sign_ins: {
    state_hash: string;
    browser_hash: string;
    provider: string;
    origin: string;
    nonce: string;
    code_verifier: string;
    expires_at: Date;
    /** Connecting a mailbox: who connects it, to which workspace, and the credential a Reconnect is for. */
    user_id: string | null;
    workspace_id: string | null;
    credential_id: string | null;
  };
  provider_tickets: { ticket_hash: string; user_id: string; expires_at: Date };
  idempotency_keys: {
    owner: string;
    key: string;
    request_hash: string;
    status: number;
    body: unknown;
    created_at: Generated<Date>;
  };
  local_mailbox: { id: string; to_address: string; subject: string; mime: string; created_at: Generated<Date> };
  /** Where each credential's mailbox was read up to (mailbox-cursors.ts). */
  mailbox_cursors: {
    credential_id: string;
    cursor: string | null;
    last_read_at: Date | null;
    last_error: string | null;
    last_error_at: Date | null;
    refused_as: string | null;
  };
  project_files: {
    id: string;
    project_id: string;
    workspace_id: string;
    name: string;
    content_type: string;
    size: number;
    bytes: Buffer;
    uploaded_by: string;
    created_at: Date;
  };
  credential_secrets: {
    credential_id: string;
    workspace_id: string;
    command_id: string;
    key_id: string;
    iv: Buffer;
    tag: Buffer;
    ciphertext: Buffer;
    created_at: Generated<Date>;
  };
}
