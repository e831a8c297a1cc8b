// What the visible page says, for what its JSON-LD lacks. Class names on such pages are
// obfuscated and change with every release, so nothing here depends on them: only on elements
// whose meaning HTML or Open Graph fixes, and on the order a reader sees.
import { cleanText, textOf, UNCAPPED } from "./clean-text.ts";

/**
 * An Open Graph tag's content (`og:title`, `og:image`, `og:url`), uncut: its users cut or check
 * it. Sites use `property`, some `name`.
 */
export function openGraph(doc: Document, tag: "og:title" | "og:image" | "og:url"): string | null {
  const meta = doc.querySelector(`meta[property="${tag}"]`) ?? doc.querySelector(`meta[name="${tag}"]`);
  return cleanText(meta?.getAttribute("content"), UNCAPPED);
}

export function canonicalLink(doc: Document): string | null {
  return cleanText(doc.querySelector('link[rel="canonical"]')?.getAttribute("href"), UNCAPPED);
}

// The page's one h1 is the person's name: profile pages title themselves with it.
export function nameHeading(doc: Document): HTMLHeadingElement | null {
  return doc.querySelector("h1");
}

/**
 * The name in `og:title`, which such pages write as "<name> - <headline or company> | <site>":
 * the part before the first spaced dash or bar. Only used when the page has no h1.
 */
export function nameOfTitle(title: string | null): string | null {
  return cleanText(title?.split(/\s[-–—|]\s/)[0]);
}

// The top card is the block around the h1 (section, header or article, else its parent): the
// headline and location are looked for there only, never in the lists further down.
function topCard(heading: Element): Element | null {
  return heading.closest("section, header, article") ?? heading.parentElement;
}

/** The top card's first h2 after the name: the line under a name is the person's headline. */
export function headlineNear(heading: Element | null): string | null {
  if (heading === null) return null;
  const card = topCard(heading);
  if (card === null) return null;
  for (const candidate of card.querySelectorAll("h2")) {
    if (heading.compareDocumentPosition(candidate) & heading.DOCUMENT_POSITION_FOLLOWING) return textOf(candidate);
  }
  return null;
}

/**
 * The top card's `<address>` (or an element marked `itemprop="address"`): the one markup that says
 * "this is where". A free line of the card may as well be a connection count, so none is guessed.
 */
export function locationNear(heading: Element | null): string | null {
  if (heading === null) return null;
  const card = topCard(heading);
  return textOf(card?.querySelector('address, [itemprop="address"]'));
}
