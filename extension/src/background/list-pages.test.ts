import { describe, expect, it } from "vitest";
import { nextPageOf, withItemsOf } from "./list-pages.ts";

const origin = "http://localhost:3000";

describe("nextPageOf", () => {
  it("follows the list's next link on the API's own server", () => {
    const body = { data: [], links: { next: "/api/v1/workspaces?limit=50&page=2" } };
    expect(nextPageOf(body, origin)?.href).toBe("http://localhost:3000/api/v1/workspaces?limit=50&page=2");
  });

  it("stops on the last page", () => {
    expect(nextPageOf({ data: [], links: { next: null } }, origin)).toBeNull();
    expect(nextPageOf({ data: [], links: {} }, origin)).toBeNull();
    expect(nextPageOf({ data: [] }, origin)).toBeNull();
  });

  it("never follows a link to another server", () => {
    expect(nextPageOf({ data: [], links: { next: "https://elsewhere.example/api/v1/workspaces" } }, origin)).toBeNull();
  });
});

describe("withItemsOf", () => {
  it("puts the next page's items after the ones read so far, keeping the rest of the first answer", () => {
    const first = { data: [{ id: "1" }], included: [{ id: "s" }], links: { next: "/p2" } };
    expect(withItemsOf(first, { data: [{ id: "2" }], links: { next: null } })).toEqual({
      data: [{ id: "1" }, { id: "2" }],
      included: [{ id: "s" }],
      links: { next: "/p2" },
    });
  });

  it("keeps what it has when a page is not a list", () => {
    const first = { data: [{ id: "1" }] };
    expect(withItemsOf(first, { errors: [] })).toEqual(first);
  });
});
