// The one list of error codes. Server and browser share it; the HTTP status is decided here, once.
export const errorCatalogue = {
  BAD_REQUEST: { status: 400, title: "Malformed request" },
  VALIDATION: { status: 422, title: "Invalid attribute" },
  UNAUTHENTICATED: { status: 401, title: "Session missing or expired" },
  FORBIDDEN: { status: 403, title: "Your role does not allow this" },
  NOT_FOUND: { status: 404, title: "Not found" },
  CONFLICT: { status: 409, title: "Changed by someone else; reload and try again" },
  PAYLOAD_TOO_LARGE: { status: 413, title: "Request body too large" },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, title: "Unsupported media type" },
  RATE_LIMITED: { status: 429, title: "Too many requests" },
  IDEMPOTENCY_KEY_REUSED: { status: 422, title: "Idempotency-Key already used with another request" },
  IDEMPOTENCY_KEY_IN_USE: {
    status: 503,
    title: "A request with this Idempotency-Key is still running; retry in a moment",
  },
  NOT_CAUGHT_UP: { status: 503, title: "Read models have not reached the requested position yet" },
  EMAIL_TAKEN: { status: 422, title: "Email has already been taken" },
  RESET_TOKEN_INVALID: { status: 422, title: "Reset password token is invalid or has expired" },
  OWNER_CANNOT_LEAVE: { status: 422, title: "The owner of a workspace cannot leave it" },
  ALREADY_EXISTS: { status: 409, title: "A record with this id already exists" },
  PROCESSOR_EVENT_NOT_ALLOWED: { status: 409, title: "Not allowed in the payload's current status" },
  INTERNAL: { status: 500, title: "Something went wrong." },
} as const satisfies Record<string, { status: number; title: string }>;

export type ErrorCode = keyof typeof errorCatalogue;

export const errorCodes = Object.keys(errorCatalogue) as ErrorCode[];

/** A rejection with a code from the catalogue; `pointer` names the offending attribute. */
export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly pointer: string | undefined;
  constructor(code: ErrorCode, detail?: string, pointer?: string) {
    super(detail ?? errorCatalogue[code].title);
    this.name = "DomainError";
    this.code = code;
    this.pointer = pointer;
  }
}
