import type { ErrorCode } from "@hirestream/contracts/errors.ts";
import { errorObject, RequestError } from "./errors.ts";

/** A refusal naming the form field it is about; multipart fields have no JSON pointer. */
export function fieldError(code: ErrorCode, detail: string, parameter: string): RequestError {
  return new RequestError([{ ...errorObject(code, detail), source: { parameter } }]);
}
