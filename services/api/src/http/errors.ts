import { DomainError, type ErrorCode, errorCatalogue } from "@hirestream/contracts/errors.ts";
import { messages } from "@hirestream/contracts/messages.ts";
import type { FastifyError, FastifyInstance } from "fastify";
import { z } from "zod";

export interface ErrorObject {
  status: string;
  code: ErrorCode;
  title: string;
  detail: string;
  source?: { pointer: string } | { parameter: string };
}

export function errorObject(code: ErrorCode, detail?: string, pointer?: string): ErrorObject {
  const { status, title } = errorCatalogue[code];
  return { status: String(status), code, title, detail: detail ?? title, ...(pointer ? { source: { pointer } } : {}) };
}

/** Zod issues as JSON:API errors; `base` is where the parsed value sits in the request document. */
export function validationErrors(error: z.ZodError, base: string): ErrorObject[] {
  return error.issues.flatMap((issue) => {
    const keys = issue.code === "unrecognized_keys" ? issue.keys : [undefined];
    return keys.map((key) => {
      const path = [...issue.path, ...(key === undefined ? [] : [key])].map(String);
      const pointer = `${base}${path.map((p) => `/${p.replaceAll("~", "~0").replaceAll("/", "~1")}`).join("")}`;
      return errorObject("VALIDATION", messageOf(issue), pointer || "/");
    });
  });
}

/** "Required" only when the input is known to be missing: zod leaves `input` out unless asked (`reportInput`). */
function messageOf(issue: z.core.$ZodIssue): string {
  if (issue.code === "invalid_type" && "input" in issue && issue.input === undefined) return messages.required;
  if (issue.code === "unrecognized_keys") return "is not a known attribute";
  return issue.message;
}

/** Thrown by the boundary parsers; carries ready-made error objects. */
export class RequestError extends Error {
  readonly errors: ErrorObject[];
  constructor(errors: ErrorObject[]) {
    super(errors[0]?.detail ?? "bad request");
    this.errors = errors;
  }
}

const fastifyCodes: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: "BAD_REQUEST",
  FST_ERR_CTP_EMPTY_JSON_BODY: "BAD_REQUEST",
  FST_ERR_CTP_BODY_TOO_LARGE: "PAYLOAD_TOO_LARGE",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "UNSUPPORTED_MEDIA_TYPE",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "BAD_REQUEST",
};

/** The one place an error becomes an HTTP answer. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    let errors: ErrorObject[];
    if (error instanceof RequestError) {
      errors = error.errors;
    } else if (error instanceof DomainError) {
      errors = [errorObject(error.code, error.message, error.pointer)];
    } else if (error instanceof z.ZodError) {
      errors = validationErrors(error, "");
    } else if ("code" in error && typeof error.code === "string" && error.code in fastifyCodes) {
      errors = [errorObject(fastifyCodes[error.code] ?? "BAD_REQUEST", error.message)];
    } else if (error instanceof SyntaxError) {
      errors = [errorObject("BAD_REQUEST", "Body is not valid JSON")];
    } else if ("statusCode" in error && typeof error.statusCode === "number" && error.statusCode < 500) {
      errors = [errorObject(error.statusCode === 404 ? "NOT_FOUND" : "BAD_REQUEST", error.message)];
    } else {
      request.log.error({ err: error }, "unhandled error");
      errors = [errorObject("INTERNAL")];
    }
    const status = Number(errors[0]?.status ?? 500);
    if (status === 429) reply.header("retry-after", reply.getHeader("retry-after") ?? "60");
    return reply.status(status).type("application/vnd.api+json").send({ errors });
  });
  app.setNotFoundHandler((request, reply) =>
    reply
      .status(404)
      .type("application/vnd.api+json")
      .send({ errors: [errorObject("NOT_FOUND", `No route ${request.method} ${request.url.split("?")[0]}`)] }),
  );
}
