import { z } from "zod";

const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * A string Postgres can store: no NUL character and no half of a surrogate pair (Postgres refuses
 * both in text and jsonb). Every free-text field a client sends is parsed with this.
 */
export const text = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine((value) => !value.includes("\u0000") && !loneSurrogate.test(value), {
    error: "contains characters that cannot be stored",
  });
