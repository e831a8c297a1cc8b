// A project's files go straight to the server: they are bytes, not rows, so the replica does not
// hold them. Listing, uploading and downloading need the network.
import { type FileResource, fileFields, fileResource } from "@hirestream/contracts/files/files.ts";
import { z } from "zod";
import { API_BASE, apiRequest, expireSession, sessionHeaders } from "../../api/api-client.ts";
import { ApiError, apiErrorFrom, networkError } from "../../api/api-errors.ts";
import { readCredentials } from "../../api/session-credentials.ts";

const fileList = z.object({
  data: z.array(fileResource),
  links: z.object({ next: z.string().nullable().optional() }).optional(),
});

/** A project holds a handful of files; past this many pages the list stops rather than loop. */
const MAX_PAGES = 20;
const fileAnswer = z.object({ data: fileResource });

const unexpected = (status: number, body: unknown) =>
  new ApiError(status, ["The server answered in an unexpected shape."], { body });

/** GET /projects/{id}/files, every page of it (following `links.next`): newest first. */
export async function listProjectFiles(projectId: string, signal?: AbortSignal): Promise<FileResource[]> {
  const files: FileResource[] = [];
  let next: string | null | undefined = `/projects/${projectId}/files?limit=50`;
  for (let page = 0; next && page < MAX_PAGES; page += 1) {
    const body = await apiRequest(next, signal ? { signal } : {});
    const parsed = fileList.safeParse(body);
    if (!parsed.success) throw unexpected(200, body);
    files.push(...parsed.data.data);
    next = parsed.data.links?.next;
  }
  return files;
}

async function bodyOf(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return text === "" ? null : JSON.parse(text);
  } catch {
    return text;
  }
}

/** Session headers, and the 401 rule when the answer says the session is gone. */
async function send(path: string, init: RequestInit & { headers: Record<string, string> }): Promise<Response> {
  const credentials = readCredentials();
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      ...init,
      headers: { ...init.headers, ...(credentials ? sessionHeaders(credentials) : {}) },
      credentials: "same-origin",
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw networkError();
  }
  if (response.status === 401 && credentials) {
    if (readCredentials()?.["access-token"] === credentials["access-token"]) expireSession();
    throw apiErrorFrom(401, await bodyOf(response));
  }
  if (!response.ok) throw apiErrorFrom(response.status, await bodyOf(response));
  return response;
}

export interface UploadProjectFileInput {
  file: File;
  projectId: string;
  workspaceId: string;
  /** The same key for a retry of the same file, so a lost answer does not store it twice. */
  idempotencyKey: string;
}

/** POST /files as multipart form data (spec §7, File upload). */
export async function uploadProjectFile(input: UploadProjectFileInput): Promise<FileResource> {
  const form = new FormData();
  form.append(fileFields.projectId, input.projectId);
  form.append(fileFields.workspaceId, input.workspaceId);
  form.append(fileFields.file, input.file, input.file.name);
  // No content-type: the browser writes the multipart boundary into it.
  const response = await send("/files", {
    method: "POST",
    headers: { accept: "application/vnd.api+json, application/json", "idempotency-key": input.idempotencyKey },
    body: form,
  });
  const body = await bodyOf(response);
  const parsed = fileAnswer.safeParse(body);
  if (!parsed.success) throw unexpected(response.status, body);
  return parsed.data.data;
}

/**
 * GET /files/{id}: the bytes need the session headers, which a plain link cannot send, so they
 * are fetched and handed to the browser's save dialog under the file's name.
 */
export async function downloadProjectFile(file: FileResource): Promise<void> {
  const response = await send(`/files/${file.id}`, { method: "GET", headers: { accept: "*/*" } });
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement("a");
    link.href = url;
    link.download = file.attributes.name;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The click has handed the blob to the download; the URL is no longer needed after this task.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
