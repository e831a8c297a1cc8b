import { DomainError } from "@hirestream/contracts/errors.ts";
import { z } from "zod";

// Made once: zod compiles a schema on first use, which costs more than the rest of a request's parsing.
const uuid = z.uuid();

/** The value of a path parameter, if the route has it. */
function paramOf(params: unknown, key: string): unknown {
  return typeof params === "object" && params !== null
    ? Object.getOwnPropertyDescriptor(params, key)?.value
    : undefined;
}

/** Whether a path parameter holds a UUID. */
export function hasUuid(params: unknown, key: string): boolean {
  return uuid.safeParse(paramOf(params, key)).success;
}

/** A path parameter naming a record: one that is not a UUID names nothing, a 404 like any other unknown id. */
export function pathId(params: unknown, key: string, notFound: string): string {
  const parsed = uuid.safeParse(paramOf(params, key));
  if (!parsed.success) throw new DomainError("NOT_FOUND", notFound);
  return parsed.data;
}

/** The same for a value from elsewhere (a form field). */
export function uuidOr(value: unknown, notFound: () => Error): string {
  const parsed = uuid.safeParse(value);
  if (!parsed.success) throw notFound();
  return parsed.data;
}
