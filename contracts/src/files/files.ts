// Files kept with a project (spec §7, File upload): the limit and words both the browser and the
// server check, the upload as the server reads it, and the document both read.
import { z } from "zod";
import { text } from "../text.ts";
import { timestamp } from "../timestamp.ts";

/** Largest file accepted, in bytes; the next byte is refused. */
export const FILE_MAX_BYTES = 10 * 1024 * 1024;

/** Longest file name kept, in characters (what common file systems allow). */
export const FILE_NAME_MAX = 255;

export const fileMessages = {
  tooLarge: `File is too large (maximum is ${FILE_MAX_BYTES / (1024 * 1024)} MB)`,
  empty: "File is empty",
  nameTooLong: `File name is too long (maximum is ${FILE_NAME_MAX} characters)`,
} as const;

/** The multipart fields, by the names the spec's client sends. */
export const fileFields = {
  file: "data[file]",
  projectId: "data[project_id]",
  workspaceId: "data[workspace_id]",
} as const;

/**
 * The upload once its parts are read. The file comes with its digest, which stands for its bytes
 * wherever the upload is compared (a retried request with its Idempotency-Key).
 */
export const fileUpload = z
  .object({
    [fileFields.file]: z.object(
      {
        filename: text(),
        content_type: z.string(),
        sha256: z.string(),
        bytes: z.instanceof(Uint8Array),
      },
      { error: "must be a file" },
    ),
    [fileFields.projectId]: z.string().trim(),
    [fileFields.workspaceId]: z.string().trim(),
  })
  .strict();
export type FileUpload = z.infer<typeof fileUpload>;

export const fileAttributes = z.object({
  name: z.string(),
  content_type: z.string(),
  size: z.number().int().positive(),
  project_id: z.uuid(),
  workspace_id: z.uuid(),
  uploaded_by: z.uuid(),
  created_at: timestamp,
});
export type FileAttributes = z.infer<typeof fileAttributes>;

export const fileResource = z.object({ type: z.literal("file"), id: z.uuid(), attributes: fileAttributes });
export type FileResource = z.infer<typeof fileResource>;
