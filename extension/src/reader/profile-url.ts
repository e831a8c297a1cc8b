// Which addresses are profile addresses: the network's people live at `/in/<slug>`, and nothing
// else on it (companies, jobs, the feed, search) is a person the reader may add.
import { PERSON_FIELD_MAX } from "@hirestream/contracts/people/profile.ts";
import { cleanText, UNCAPPED } from "./clean-text.ts";

const profilePath = /^\/in\/[^/]+\/?$/;

/**
 * The address as an absolute http(s) profile address without its query and fragment (those carry
 * tracking parameters, not the person), or null when it is not one (or too long to keep whole). Relative addresses are read
 * against the page's own, as the browser would.
 */
export function profileAddress(address: string | null | undefined, base: string): string | null {
  const text = cleanText(address, UNCAPPED);
  if (text === null) return null;
  let url: URL;
  try {
    url = new URL(text, base);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (!profilePath.test(url.pathname)) return null;
  url.search = "";
  url.hash = "";
  return whole(url.href);
}

/** An absolute http(s) address (a photo's), read against the page's own; null otherwise. */
export function webAddress(address: string | null | undefined, base: string): string | null {
  const text = cleanText(address, UNCAPPED);
  if (text === null) return null;
  try {
    const url = new URL(text, base);
    return url.protocol === "https:" || url.protocol === "http:" ? whole(url.href) : null;
  } catch {
    return null;
  }
}

// A cut address leads somewhere else: one too long to keep is dropped rather than shortened.
function whole(href: string): string | null {
  return href.length <= PERSON_FIELD_MAX ? href : null;
}
