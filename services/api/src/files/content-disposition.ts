const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** RFC 8187 leaves only these unescaped in an ext-value besides letters and digits. */
const notAttrChar = /[^A-Za-z0-9!#$&+.^_`|~-]/gu;

/**
 * `Content-Disposition` for a download under the name the user knows (RFC 6266): always
 * `attachment`, so a browser saves the file rather than showing it in our origin. `filename*`
 * carries the exact name in UTF-8; `filename` is a plain-ASCII stand-in for clients that read
 * nothing else, with quotes, backslashes and anything outside printable ASCII replaced by `_`.
 */
export function attachmentDisposition(name: string): string {
  const wellFormed = name.replace(loneSurrogate, "\ufffd");
  const fallback = wellFormed.replace(/[^\x20-\x7e]|["\\%]/gu, "_");
  const encoded = wellFormed.replace(notAttrChar, (char) =>
    [...Buffer.from(char, "utf8")].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, "0")}`).join(""),
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
