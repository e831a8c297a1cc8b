// Reads an import's multipart body into a plain object before the handlers run, so that the
// Idempotency-Key hash (computed from request.body in a preHandler) covers the file and fields.

import type { FastifyMultipartBaseOptions } from "@fastify/multipart";
import { DomainError } from "@hirestream/contracts/errors.ts";
import { IMPORT_MAX_FILE_BYTES, importFields, importMessages } from "@hirestream/contracts/people/import.ts";
import type { FastifyRequest } from "fastify";
import { errorObject, RequestError } from "../../http/errors.ts";
import { decodeCsvText } from "./csv-records.ts";

/** The file and at most the three ids; every field value is a UUID, so 1 KiB is plenty. */
export const uploadLimits = {
  fileSize: IMPORT_MAX_FILE_BYTES,
  files: 1,
  fields: 3,
  parts: 4,
  fieldSize: 1024,
} satisfies FastifyMultipartBaseOptions["limits"];

const tooManyParts = "Send one file and at most data[workspace_id], data[project_id] and data[stage_id]";

/** @fastify/multipart's limit errors carry 413 but are plain Fastify errors: give them our codes and words. */
function uploadError(error: unknown): Error {
  const code = typeof error === "object" && error !== null && "code" in error ? error.code : undefined;
  switch (code) {
    case "FST_REQ_FILE_TOO_LARGE":
      return new RequestError([
        { ...errorObject("PAYLOAD_TOO_LARGE", importMessages.tooLarge), source: { parameter: importFields.file } },
      ]);
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

function fieldProblem(fieldname: string, detail: string): RequestError {
  return new RequestError([{ ...errorObject("VALIDATION", detail), source: { parameter: fieldname } }]);
}

/**
 * The route's preValidation hook: every part read, the file decoded to text, and the result put
 * in request.body as `{ "data[file]": { filename, text }, "data[workspace_id]": "…" }`.
 */
export async function readUpload(request: FastifyRequest): Promise<void> {
  if (!request.isMultipart()) {
    throw new DomainError("UNSUPPORTED_MEDIA_TYPE", "Send the file as multipart/form-data");
  }
  const fields = new Map<string, unknown>();
  try {
    for await (const part of request.parts()) {
      if (fields.has(part.fieldname)) throw fieldProblem(part.fieldname, "is given more than once");
      if (part.type === "file") {
        fields.set(part.fieldname, { filename: part.filename, text: decodeCsvText(await part.toBuffer()) });
      } else {
        if (part.valueTruncated) throw fieldProblem(part.fieldname, "is too long");
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
