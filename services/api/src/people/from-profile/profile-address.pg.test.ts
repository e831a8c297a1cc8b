import { normalizeProfileUrl } from "@hirestream/contracts/people/from-profile.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../testing/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The key the match query compares (migration people_profile_address), for each address. */
async function keys(addresses: string[]): Promise<(string | null)[]> {
  const { rows } = await t.pool.query<{ key: string | null }>(
    "select public.profile_address(address) as key from unnest($1::text[]) with ordinality as a(address, n) order by n",
    [addresses],
  );
  return rows.map((row) => row.key);
}

describe("public.profile_address", () => {
  it("gives a stored address, however written, the key of the page's normalised address", async () => {
    const page = normalizeProfileUrl("https://www.linkedin.com/in/grace-hopper/");
    if (page === null) throw new Error("the page's address is an address");
    const stored = [
      "https://www.linkedin.com/in/grace-hopper/",
      "http://linkedin.com/in/grace-hopper",
      " HTTPS://WWW.LinkedIn.com/in/Grace-Hopper//?trk=public_profile#experience ",
      "linkedin.com/in/grace-hopper/",
      "https://linkedin.com/in/grace-hopper#about",
      page,
    ];
    const [expected] = await keys([page]);
    expect(expected).toBe("linkedin.com/in/grace-hopper");
    expect(await keys(stored)).toEqual(stored.map(() => expected));
  });

  it("keeps other profiles, other paths and other sites apart, and blank text has no key", async () => {
    expect(
      await keys([
        "https://www.linkedin.com/in/grace-hopper-1/",
        "https://www.linkedin.com/company/grace-hopper/",
        "https://github.com/in/grace-hopper",
        "",
        "  ",
      ]),
    ).toEqual([
      "linkedin.com/in/grace-hopper-1",
      "linkedin.com/company/grace-hopper",
      "github.com/in/grace-hopper",
      null,
      null,
    ]);
  });
});
