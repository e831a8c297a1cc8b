import { expect, inject, it } from "vitest";

// A pure test (`x.test.ts`) runs in the `pure` project, which has no global setup: nothing starts an
// embedded cluster for it or hands it a database.
it("gives a pure test no database", () => {
  expect(inject("postgresAdminUrl")).toBeUndefined();
});
