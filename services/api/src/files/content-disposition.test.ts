import { describe, expect, it } from "vitest";
import { attachmentDisposition } from "./content-disposition.ts";

describe("attachmentDisposition", () => {
  it("names a plain file as it is, twice", () => {
    expect(attachmentDisposition("cv.pdf")).toBe(`attachment; filename="cv.pdf"; filename*=UTF-8''cv.pdf`);
  });

  it("percent-encodes UTF-8 in filename* and puts _ for each non-ASCII character in filename", () => {
    expect(attachmentDisposition("Zoë – CV.pdf")).toBe(
      `attachment; filename="Zo_ _ CV.pdf"; filename*=UTF-8''Zo%C3%AB%20%E2%80%93%20CV.pdf`,
    );
  });

  it("never lets a quote, backslash, semicolon or line break end the header's value early", () => {
    const header = attachmentDisposition('a"b\\c;d\r\ne.html');
    expect(header).toBe(`attachment; filename="a_b_c;d__e.html"; filename*=UTF-8''a%22b%5Cc%3Bd%0D%0Ae.html`);
    expect(header).not.toMatch(/[\r\n]/);
  });

  it("escapes the characters RFC 8187 keeps out of an ext-value, and percent signs in the fallback", () => {
    expect(attachmentDisposition("it's (100%)*.txt")).toBe(
      `attachment; filename="it's (100_)*.txt"; filename*=UTF-8''it%27s%20%28100%25%29%2A.txt`,
    );
  });

  it("encodes characters outside the basic plane as their four UTF-8 bytes", () => {
    expect(attachmentDisposition("🎉.txt")).toBe(`attachment; filename="_.txt"; filename*=UTF-8''%F0%9F%8E%89.txt`);
  });

  it("replaces half a surrogate pair rather than failing", () => {
    expect(attachmentDisposition("a\ud800.txt")).toBe(`attachment; filename="a_.txt"; filename*=UTF-8''a%EF%BF%BD.txt`);
  });

  it("decodes back to the exact name", () => {
    const name = "Résumé \"final\" 'v2' (1).pdf";
    const encoded = attachmentDisposition(name).split("filename*=UTF-8''")[1] ?? "";
    expect(decodeURIComponent(encoded)).toBe(name);
  });
});
