/** Characters no file system takes in a name, and control characters. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes.
const unsafe = /[\\/:*?"<>|\u0000-\u001f\u007f]+/g;

/** A name to save a file under: what the user named the thing, without what a file name cannot hold. */
export function safeFileName(name: string): string {
  const cleaned = name.replace(unsafe, " ").replace(/\s+/g, " ").trim();
  return cleaned === "" ? "analytics.csv" : cleaned;
}

/**
 * The file name a Content-Disposition header gives (RFC 6266: `filename*` in UTF-8 wins over
 * `filename`), else the fallback.
 */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (disposition) {
    const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition)?.[1];
    if (extended) {
      try {
        return safeFileName(decodeURIComponent(extended.trim()));
      } catch {
        // A malformed escape: try the plain name.
      }
    }
    const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/i.exec(disposition);
    const value = plain?.[1]?.replace(/\\(.)/g, "$1") ?? plain?.[2]?.trim();
    if (value) return safeFileName(value);
  }
  return safeFileName(fallback);
}
