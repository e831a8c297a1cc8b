import { personTextFields } from "@hirestream/contracts/people/profile.ts";
import { describe, expect, it } from "vitest";
import { fieldOfHeader, mapHeader, mapsAny, normalizeHeader } from "./header-mapping.ts";

describe("fieldOfHeader", () => {
  it("knows every text field of a person by its own name", () => {
    for (const field of personTextFields) expect(fieldOfHeader(field)).toBe(field);
  });

  it("ignores case, surrounding blanks, and spaces, dashes or underscores between words", () => {
    expect(normalizeHeader("  First  Name ")).toBe("first_name");
    expect(normalizeHeader("E-Mail_ Work")).toBe("e_mail_work");
    expect(fieldOfHeader("LAST-NAME")).toBe("last_name");
    expect(fieldOfHeader(" Email Work ")).toBe("email_work");
    expect(fieldOfHeader("Avatar URL")).toBe("avatar_url");
  });

  it("reads the common names spreadsheets use", () => {
    expect(fieldOfHeader("First Name")).toBe("first_name");
    expect(fieldOfHeader("Surname")).toBe("last_name");
    expect(fieldOfHeader("E-mail")).toBe("email");
    expect(fieldOfHeader("Email Address")).toBe("email");
    expect(fieldOfHeader("Work Email")).toBe("email_work");
    expect(fieldOfHeader("Secondary Email")).toBe("email_second");
    expect(fieldOfHeader("Company Name")).toBe("company");
    expect(fieldOfHeader("Job Title")).toBe("title");
    expect(fieldOfHeader("Position")).toBe("title");
    expect(fieldOfHeader("LinkedIn URL")).toBe("linkedin");
    expect(fieldOfHeader("Phone Number")).toBe("phone");
    expect(fieldOfHeader("Bio")).toBe("about");
  });

  it("knows nothing of lists or unknown names", () => {
    expect(fieldOfHeader("experience")).toBeNull();
    expect(fieldOfHeader("education")).toBeNull();
    expect(fieldOfHeader("id")).toBeNull();
    expect(fieldOfHeader("owner_id")).toBeNull();
    expect(fieldOfHeader("")).toBeNull();
    expect(fieldOfHeader("__proto__")).toBeNull();
    expect(fieldOfHeader("constructor")).toBeNull();
  });
});

describe("mapHeader", () => {
  it("maps each column to its field and lists the others once, as written", () => {
    expect(mapHeader(["First Name", "Notes", "email", " Notes ", "Tags"])).toEqual({
      columns: ["first_name", null, "email", null, null],
      ignored: ["Notes", "Tags"],
    });
  });

  it("lets the first column for a field win and reports the second", () => {
    expect(mapHeader(["email", "E-mail"])).toEqual({ columns: ["email", null], ignored: ["E-mail"] });
  });

  it("names a blank column by its position", () => {
    expect(mapHeader(["email", "", " "])).toEqual({
      columns: ["email", null, null],
      ignored: ["(column 2)", "(column 3)"],
    });
  });

  it("tells whether some column fills one of the given fields", () => {
    const mapping = mapHeader(["Work Email", "city"]);
    expect(mapsAny(mapping, ["email", "email_work"])).toBe(true);
    expect(mapsAny(mapping, ["first_name", "last_name"])).toBe(false);
  });
});
