// Uploads for the import's route tests: multipart bodies as a browser's FormData sends them.
import { randomUUID } from "node:crypto";
import { type ImportResultDocument, importResultDocument } from "@hirestream/contracts/people/import.ts";
import { expect } from "vitest";
import type { SignedIn, TestApp } from "../../../testing/test-app.ts";

export interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
}

/** A multipart/form-data body with a fresh boundary each time. */
export function multipart(parts: Part[]) {
  const boundary = `----hirestream${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const file = part.filename === undefined ? "" : `; filename="${part.filename}"\r\nContent-Type: text/csv`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${file}\r\n\r\n`));
    chunks.push(Buffer.from(part.value));
    chunks.push(Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export interface ImportOptions {
  filename?: string;
  fields?: Record<string, string>;
  key?: string;
}

export function importFixtures(t: TestApp) {
  const importCsv = (user: SignedIn | null, csv: string | Buffer, options: ImportOptions = {}) => {
    const fields = Object.entries(options.fields ?? {}).map(([name, value]) => ({ name, value }));
    const { payload, contentType } = multipart([
      ...fields,
      { name: "data[file]", value: csv, filename: options.filename ?? "people.csv" },
    ]);
    return t.app.inject({
      method: "POST",
      url: "/api/v1/people/import_csv",
      headers: {
        ...(user?.headers ?? {}),
        "content-type": contentType,
        ...(options.key ? { "idempotency-key": options.key } : {}),
      },
      payload,
    });
  };

  return {
    importCsv,
    /** Imports and answers the parsed result document, failing on anything but 200. */
    async imported(user: SignedIn, csv: string | Buffer, options: ImportOptions = {}) {
      const response = await importCsv(user, csv, options);
      expect(response.statusCode, response.body).toBe(200);
      return importResultDocument.parse(response.json());
    },
  };
}

export type ImportFixtures = ReturnType<typeof importFixtures>;

export const counts = (document: ImportResultDocument) => document.data.attributes;

export function expectError(response: { statusCode: number; json(): unknown }, status: number, error: object) {
  expect(response.statusCode).toBe(status);
  expect(response.json()).toEqual({ errors: [expect.objectContaining({ status: String(status), ...error })] });
}
