// The one people call that does not go through the replica's outbox: a CSV import is a file
// upload, which needs the network and answers with counts. The people it adds arrive by sync.
import {
  type ImportCounts,
  type ImportRowError,
  importFields,
  importResultDocument,
} from "@hirestream/contracts/people/import.ts";
import { API_BASE, expireSession, sessionHeaders } from "./api-client.ts";
import { ApiError, apiErrorFrom, networkError } from "./api-errors.ts";
import { readCredentials } from "./session-credentials.ts";

/** Spec §3, Import result; with the lines the server refused and the columns it did not know. */
export interface ImportOutcome {
  counts: ImportCounts;
  rowErrors: ImportRowError[];
  ignoredColumns: string[];
}

export interface ImportPeopleInput {
  file: File;
  /** Into this workspace as well as the user's talent pool; without it, the pool alone. */
  workspaceId?: string | undefined;
  /** Inside a project: the people also land in this stage of it (its workspace is the target). */
  project?: { id: string; stageId: string } | undefined;
  /** The same key for a retry of the same file, so a lost answer does not import twice. */
  idempotencyKey: string;
  signal?: AbortSignal;
}

async function bodyOf(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return text === "" ? null : JSON.parse(text);
  } catch {
    return text;
  }
}

/** POST /people/import_csv as multipart form data; throws ApiError when refused or unreachable. */
export async function importPeopleCsv(input: ImportPeopleInput): Promise<ImportOutcome> {
  const credentials = readCredentials();
  const form = new FormData();
  // The target before the rows, as a form that streams its parts would send them.
  if (input.workspaceId) form.append(importFields.workspaceId, input.workspaceId);
  if (input.project) {
    form.append(importFields.projectId, input.project.id);
    form.append(importFields.stageId, input.project.stageId);
  }
  form.append(importFields.file, input.file, input.file.name);
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/people/import_csv`, {
      method: "POST",
      // No content-type: the browser writes the multipart boundary into it.
      headers: {
        accept: "application/vnd.api+json, application/json",
        "idempotency-key": input.idempotencyKey,
        ...(credentials ? sessionHeaders(credentials) : {}),
      },
      body: form,
      credentials: "same-origin",
      signal: input.signal ?? null,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw networkError();
  }
  const body = await bodyOf(response);
  if (response.status === 401 && credentials) {
    if (readCredentials()?.["access-token"] === credentials["access-token"]) expireSession();
    throw apiErrorFrom(401, body);
  }
  if (!response.ok) throw apiErrorFrom(response.status, body);
  const answer = importResultDocument.safeParse(body);
  if (!answer.success) throw new ApiError(response.status, ["The server answered in an unexpected shape."], { body });
  return {
    counts: answer.data.data.attributes,
    rowErrors: answer.data.meta.row_errors,
    ignoredColumns: answer.data.meta.ignored_columns,
  };
}
