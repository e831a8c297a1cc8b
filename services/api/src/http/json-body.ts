import { DomainError } from "@hirestream/contracts/errors.ts";
import type { FastifyInstance, FastifyRequest } from "fastify";

/**
 * How deeply arrays and objects may nest in a request body. Our deepest document (JSON:API data,
 * attributes, a profile's list of entries, each entry's fields) is under ten levels; 64 leaves
 * room for any future shape while staying far below the thousands of levels at which recursive
 * code (JSON.stringify for the Idempotency-Key hash, zod, Postgres's jsonb) runs out of stack.
 */
export const JSON_MAX_DEPTH = 64;

/**
 * Whether JSON text nests arrays and objects deeper than `limit`, read in one pass without
 * recursion. Brackets inside strings do not count; malformed text is left for the parser to refuse.
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === backslash) i++;
      else if (char === quote) inString = false;
    } else if (char === quote) {
      inString = true;
    } else if (char === openBrace || char === openBracket) {
      if (++depth > limit) return true;
    } else if (char === closeBrace || char === closeBracket) {
      depth--;
    }
  }
  return false;
}

const quote = 0x22;
const backslash = 0x5c;
const openBrace = 0x7b;
const closeBrace = 0x7d;
const openBracket = 0x5b;
const closeBracket = 0x5d;

/**
 * JSON and JSON:API bodies parsed by Fastify's own parser (which refuses `__proto__`), after a
 * bound on nesting: a body nested too deeply is a 400 before authentication and before the
 * Idempotency-Key hash walks it.
 */
export function installJsonBodies(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser("error", "error");
  const bounded = (
    request: FastifyRequest,
    body: string | Buffer,
    done: (error: Error | null, value?: unknown) => void,
  ) => {
    const text = typeof body === "string" ? body : body.toString("utf8");
    if (nestsDeeperThan(text, JSON_MAX_DEPTH)) {
      done(new DomainError("BAD_REQUEST", `Body nests arrays and objects deeper than ${JSON_MAX_DEPTH} levels`));
      return;
    }
    parse(request, text, done);
  };
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, bounded);
  app.addContentTypeParser("application/vnd.api+json", { parseAs: "string" }, bounded);
}
