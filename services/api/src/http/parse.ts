import { z } from "zod";
import { type ErrorObject, RequestError, validationErrors } from "./errors.ts";

/** Parses a query string or path parameters; errors point at the parameter. */
export function parseParams<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input ?? {}, reportInput);
  if (!result.success) throw new RequestError(validationErrors(result.error, "").map(asParameter));
  return result.data;
}

function asParameter(error: ErrorObject): ErrorObject {
  const pointer = error.source && "pointer" in error.source ? error.source.pointer : "/";
  return { ...error, source: { parameter: pointer.slice(1) } };
}

const documentShape = z.object({ data: z.unknown() }).loose();

/** Issues carry their input, so a missing value ("This field is required") differs from a wrong one. */
const reportInput = { reportInput: true };

/**
 * The document schema for the resource types a route takes, made once per set of types: zod
 * compiles a schema when it is first used, which costs more than a whole request's other parsing.
 */
function documentSchema(types: readonly string[]) {
  const resource = z
    .object({
      type: z.enum(types as [string, ...string[]]),
      id: z.uuid({ error: "must be a UUID" }).optional(),
      attributes: z.record(z.string(), z.unknown()),
      relationships: z.record(z.string(), z.unknown()).optional(),
    })
    .strict();
  return z.object({ data: resource }).strict();
}
const documents = new Map<string, ReturnType<typeof documentSchema>>();
function documentOf(types: readonly string[]) {
  const key = types.join("\n");
  const known = documents.get(key);
  if (known) return known;
  const made = documentSchema(types);
  documents.set(key, made);
  return made;
}

/**
 * A write body: either a JSON:API document `{data: {type, id?, attributes}}` or, where the spec
 * shows one, the flat attributes object. Both end in the same attributes schema, and their errors
 * point at `/data/attributes/…` either way, as the domain's own rejections do.
 */
export function parseWriteBody<T extends z.ZodType>(
  attributes: T,
  body: unknown,
  options: { types: readonly string[] },
): { id: string | undefined; attributes: z.output<T> } {
  if (body === undefined || body === null || typeof body !== "object" || Array.isArray(body)) {
    throw new RequestError(
      validationErrors(
        new z.ZodError([{ code: "custom", message: "Body must be a JSON object", path: [], input: body }]),
        "",
      ),
    );
  }
  const asDocument = documentShape.safeParse(body);
  if (!asDocument.success || !("data" in body)) {
    const flat = attributes.safeParse(body, reportInput);
    if (!flat.success) throw new RequestError(validationErrors(flat.error, "/data/attributes"));
    return { id: undefined, attributes: flat.data };
  }
  const document = documentOf(options.types).safeParse(body, reportInput);
  if (!document.success) throw new RequestError(validationErrors(document.error, ""));
  const parsed = attributes.safeParse(document.data.data.attributes, reportInput);
  if (!parsed.success) throw new RequestError(validationErrors(parsed.error, "/data/attributes"));
  return { id: document.data.data.id, attributes: parsed.data };
}
