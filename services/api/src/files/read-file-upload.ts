// Reads a file upload's multipart body into a plain object before the handlers run, so that the
// Idempotency-Key hash (computed from request.body in a preHandler) covers the file and fields.

import { createHash } from "node:crypto";
import type { FastifyMultipartBaseOptions } from "@fastify/multipart";
import { DomainError } from "@hirestream/contracts/errors.ts";
import { FILE_MAX_BYTES, fileFields, fileMessages } from "@hirestream/contracts/files/files.ts";
import type { FastifyRequest } from "fastify";
import { errorObject, RequestError } from "../http/errors.ts";

/** The file and the two ids; every field value is a UUID, so 1 KiB is plenty. */
export const fileUploadLimits = {
  fileSize: FILE_MAX_BYTES,
  files: 1,
  fields: 2,
  parts: 3,
  fieldSize: 1024,
} satisfies FastifyMultipartBaseOptions["limits"];

const tooManyParts = "Send one file, data[project_id] and data[workspace_id]";

/** A media type as `type/subtype`; anything else is served as plain bytes. */
const mediaType = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/;

function fieldProblem(code: "VALIDATION" | "PAYLOAD_TOO_LARGE", parameter: string, detail: string): RequestError {
  return new RequestError([{ ...errorObject(code, detail), source: { parameter } }]);
}

/** @fastify/multipart's limit errors carry 413 but are plain Fastify errors: give them our codes and words. */
function uploadError(error: unknown): Error {
  const code = typeof error === "object" && error !== null && "code" in error ? error.code : undefined;
  switch (code) {
    case "FST_REQ_FILE_TOO_LARGE":
      return fieldProblem("PAYLOAD_TOO_LARGE", fileFields.file, fileMessages.tooLarge);
    case "FST_FILES_LIMIT":
    case "FST_FIELDS_LIMIT":
    case "FST_PARTS_LIMIT":
      return new DomainError("PAYLOAD_TOO_LARGE", tooManyParts);
    default:
      // Anything else while reading parts is the body itself being malformed (a missing boundary,
      // a part cut short, a field named after a prototype property), not a fault of ours.
      return new DomainError("BAD_REQUEST", "Body is not valid multipart/form-data");
  }
}

/**
 * Browsers send a name's double quotes as %22 (the HTML form-data encoding); the name the user
 * chose has them back.
 */
function fileNameOf(sent: string): string {
  return sent.replaceAll("%22", '"').trim();
}

/**
 * The route's preValidation hook: every part read, and the result put in request.body as
 * `{ "data[file]": { filename, content_type, sha256, bytes }, "data[project_id]": "…", … }`.
 * The file serialises as its digest, so hashing the body never turns megabytes into JSON.
 */
export async function readFileUpload(request: FastifyRequest): Promise<void> {
  if (!request.isMultipart()) {
    throw new DomainError("UNSUPPORTED_MEDIA_TYPE", "Send the file as multipart/form-data");
  }
  const fields = new Map<string, unknown>();
  try {
    for await (const part of request.parts()) {
      if (fields.has(part.fieldname)) throw fieldProblem("VALIDATION", part.fieldname, "is given more than once");
      if (part.type === "file") {
        const bytes = await part.toBuffer();
        const digest = {
          filename: fileNameOf(part.filename),
          content_type: mediaType.test(part.mimetype) ? part.mimetype : "application/octet-stream",
          sha256: createHash("sha256").update(bytes).digest("base64url"),
        };
        fields.set(part.fieldname, { ...digest, bytes, toJSON: () => digest });
      } else {
        if (part.valueTruncated) throw fieldProblem("VALIDATION", part.fieldname, "is too long");
        fields.set(part.fieldname, part.value);
      }
    }
  } catch (error) {
    if (error instanceof RequestError || error instanceof DomainError) throw error;
    throw uploadError(error);
  }
  // fromEntries defines own properties, so a part named "__proto__" could not reach a prototype.
  request.body = Object.fromEntries(fields);
}
