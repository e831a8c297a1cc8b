import { describe, expect, it } from "vitest";
import { comparePeople, pageOf, type SearchablePerson, searchPeople, searchWords } from "./person-search.ts";

function person(id: string, fields: Partial<SearchablePerson> = {}): SearchablePerson {
  return {
    id,
    first_name: null,
    last_name: null,
    email: null,
    email_second: null,
    email_work: null,
    company: null,
    title: null,
    city: null,
    state: null,
    country: null,
    ...fields,
  };
}

const maya = person("1", {
  first_name: "Maya",
  last_name: "Okafor",
  email: "maya.okafor@example.com",
  email_work: "m.okafor@northwind.example",
  company: "Northwind Analytics",
  title: "Senior Data Engineer",
  city: "San Francisco",
  state: "CA",
  country: "United States",
});
const tomas = person("2", {
  first_name: "Tomás",
  last_name: "Lindqvist",
  company: "Fjord Studio",
  title: "Product Designer",
  country: "Sweden",
});

describe("searchWords", () => {
  it("splits on any whitespace and lower-cases", () => {
    expect(searchWords("  Data\tENGINEER \n sf ")).toEqual(["data", "engineer", "sf"]);
  });

  it("reads at most eight words, like the server", () => {
    expect(searchWords("a b c d e f g h i j")).toHaveLength(8);
  });
});

describe("searchPeople", () => {
  it("finds people by any word of the name, any email, company, title or place", () => {
    expect(searchPeople([maya, tomas], "okafor")).toEqual([maya]);
    expect(searchPeople([maya, tomas], "NORTHWIND.example")).toEqual([maya]);
    expect(searchPeople([maya, tomas], "designer")).toEqual([tomas]);
    expect(searchPeople([maya, tomas], "sweden")).toEqual([tomas]);
    expect(searchPeople([maya, tomas], "francisco")).toEqual([maya]);
  });

  it("needs every word to appear, in any field", () => {
    expect(searchPeople([maya, tomas], "maya engineer")).toEqual([maya]);
    expect(searchPeople([maya, tomas], "maya designer")).toEqual([]);
  });

  it("does not match a word across two fields", () => {
    expect(searchPeople([maya], "mayaokafor")).toEqual([]);
  });

  it("looks nowhere else (phone, about, links)", () => {
    const withPhone = { ...person("3"), phone: "555 0134", about: "Rust" };
    expect(searchPeople([withPhone], "0134")).toEqual([]);
    expect(searchPeople([withPhone], "rust")).toEqual([]);
  });

  it("answers everyone for a blank search, sorted", () => {
    expect(searchPeople([maya, tomas], "   ")).toEqual([tomas, maya]);
  });
});

describe("comparePeople", () => {
  it("sorts by last name, then first name, ignoring case", () => {
    const a = person("a", { first_name: "zoe", last_name: "adams" });
    const b = person("b", { first_name: "Anna", last_name: "Adams" });
    const c = person("c", { first_name: "Bea", last_name: "baker" });
    expect([c, a, b].sort(comparePeople)).toEqual([b, a, c]);
  });

  it("puts people without a last name, then without any name, last", () => {
    const named = person("a", { first_name: "Ann", last_name: "Zeta" });
    const firstOnly = person("b", { first_name: "Ann" });
    const nameless = person("c", { email: "x@example.com" });
    const blank = person("d", { last_name: "  " });
    expect([nameless, firstOnly, blank, named].sort(comparePeople)).toEqual([named, firstOnly, nameless, blank]);
  });

  it("falls back to the id, so equal names keep one order", () => {
    expect([person("b"), person("a")].sort(comparePeople).map((p) => p.id)).toEqual(["a", "b"]);
  });
});

describe("pageOf", () => {
  const items = Array.from({ length: 23 }, (_, index) => index);

  it("cuts the page asked for", () => {
    expect(pageOf(items, 3, 10)).toEqual({ items: [20, 21, 22], page: 3, pages: 3, total: 23 });
  });

  it("stays on the last page when the list shrinks under the current one", () => {
    expect(pageOf(items, 9, 10).page).toBe(3);
  });

  it("has one empty page for an empty list", () => {
    expect(pageOf([], 1, 10)).toEqual({ items: [], page: 1, pages: 1, total: 0 });
  });
});
