// Failed calls as one error type, read from either error shape the API answers with:
// devise_token_auth's under /auth (`errors: [..]` or `errors: {field: [..], full_messages: [..]}`),
// JSON:API's elsewhere (`errors: [{detail, title, ..}]`).

export class ApiError extends Error {
  /** HTTP status; 0 when the server could not be reached. */
  readonly status: number;
  /** Every message the server gave, in its order: what toasts show. */
  readonly messages: readonly string[];
  /** devise's `full_messages`, when the answer had field errors. */
  readonly fullMessages: readonly string[];
  /** devise's per-field errors (`password: ["is too short ..."]`). */
  readonly fieldErrors: Readonly<Partial<Record<string, readonly string[]>>>;
  /** The parsed body, for callers that need more. */
  readonly body: unknown;

  constructor(
    status: number,
    messages: readonly string[],
    details: {
      fullMessages?: readonly string[];
      fieldErrors?: Partial<Record<string, readonly string[]>>;
      body?: unknown;
    } = {},
  ) {
    super(messages[0] ?? `Request failed (${status})`);
    this.name = "ApiError";
    this.status = status;
    this.messages = messages;
    this.fullMessages = details.fullMessages ?? [];
    this.fieldErrors = details.fieldErrors ?? {};
    this.body = details.body;
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}

/** devise's full message for a field error: "Password is too short", kept as is when already capitalised. */
export function fullMessage(field: string, message: string): string {
  if (/^[A-Z]/.test(message)) return message;
  const words = field.replaceAll("_", " ");
  return `${words.charAt(0).toUpperCase()}${words.slice(1)} ${message}`;
}

export function apiErrorFrom(status: number, body: unknown): ApiError {
  const errors = isRecord(body) ? body.errors : undefined;
  if (Array.isArray(errors)) {
    const messages = errors.flatMap((error): string[] => {
      if (typeof error === "string") return [error];
      if (!isRecord(error)) return [];
      const text = typeof error.detail === "string" ? error.detail : error.title;
      return typeof text === "string" ? [text] : [];
    });
    return new ApiError(status, messages.length > 0 ? messages : [fallbackMessage(status)], { body });
  }
  if (isRecord(errors)) {
    const fieldErrors: Record<string, string[]> = {};
    for (const [field, list] of Object.entries(errors)) {
      if (field !== "full_messages") fieldErrors[field] = strings(list);
    }
    const given = strings(errors.full_messages);
    const fullMessages =
      given.length > 0
        ? given
        : Object.entries(fieldErrors).flatMap(([field, list]) => list.map((message) => fullMessage(field, message)));
    return new ApiError(status, fullMessages.length > 0 ? fullMessages : [fallbackMessage(status)], {
      fullMessages,
      fieldErrors,
      body,
    });
  }
  return new ApiError(status, [fallbackMessage(status)], { body });
}

function fallbackMessage(status: number): string {
  if (status === 0) return "The server could not be reached. Check your connection and try again.";
  if (status === 429) return "Too many attempts. Try again later.";
  if (status >= 500) return "The server ran into a problem. Try again in a moment.";
  return `The request failed (${status}).`;
}

export function networkError(): ApiError {
  return new ApiError(0, [fallbackMessage(0)]);
}

/** Messages of any thrown value, for toasts. */
export function messagesOf(error: unknown): readonly string[] {
  if (error instanceof ApiError) return error.messages;
  return [error instanceof Error && error.message ? error.message : "Something went wrong."];
}
