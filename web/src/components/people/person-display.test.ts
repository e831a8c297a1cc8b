import { describe, expect, it } from "vitest";
import { httpUrl, personFullName, personInitials, personLocation } from "./person-display.ts";

const nobody = { first_name: null, last_name: null, email: null };

describe("personFullName", () => {
  it("joins first and last name", () => {
    expect(personFullName({ ...nobody, first_name: " Maya ", last_name: "Okafor" })).toBe("Maya Okafor");
  });

  it("shows whichever half is known", () => {
    expect(personFullName({ ...nobody, last_name: "Okafor" })).toBe("Okafor");
  });

  it("falls back to the email, then to 'Unnamed'", () => {
    expect(personFullName({ ...nobody, first_name: " ", email: "maya@example.com" })).toBe("maya@example.com");
    expect(personFullName(nobody)).toBe("Unnamed");
  });
});

describe("personLocation", () => {
  it("joins city, state and country, skipping the unknown", () => {
    expect(personLocation({ city: "San Francisco", state: "CA", country: "United States" })).toBe(
      "San Francisco, CA, United States",
    );
    expect(personLocation({ city: "Stockholm", state: "", country: "Sweden" })).toBe("Stockholm, Sweden");
    expect(personLocation({ city: null, state: null, country: null })).toBe("");
  });
});

describe("personInitials", () => {
  it("takes the first letter of each name", () => {
    expect(personInitials({ ...nobody, first_name: "tomás", last_name: "lindqvist" })).toBe("TL");
  });

  it("falls back to the email's first letter, then '?'", () => {
    expect(personInitials({ ...nobody, email: "maya@example.com" })).toBe("M");
    expect(personInitials(nobody)).toBe("?");
  });
});

describe("httpUrl", () => {
  it("keeps http and https addresses", () => {
    expect(httpUrl(" https://www.linkedin.com/in/example ")).toBe("https://www.linkedin.com/in/example");
    expect(httpUrl("http://maya.example.com")).toBe("http://maya.example.com/");
  });

  it("refuses other schemes and text that is not an address", () => {
    expect(httpUrl("javascript:alert(1)")).toBeNull();
    expect(httpUrl("data:text/html,<b>x</b>")).toBeNull();
    expect(httpUrl("linkedin.com/in/example")).toBeNull();
    expect(httpUrl(null)).toBeNull();
  });
});
