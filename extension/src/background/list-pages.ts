// A list's pages (API.md: `links.next` on lists, an absolute path that can be fetched as it is),
// put together for the picker.
import { z } from "zod";

const linked = z.object({ links: z.object({ next: z.string().nullable().optional() }).optional() });
const items = z.object({ data: z.array(z.unknown()) }).loose();

/** The next page's address on the API's server, or null on the last page (or a link elsewhere). */
export function nextPageOf(body: unknown, origin: string): URL | null {
  const next = linked.safeParse(body).data?.links?.next;
  if (!next) return null;
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return null;
  }
  return url.origin === new URL(origin).origin ? url : null;
}

/** The first answer with the next page's items after its own. */
export function withItemsOf(merged: unknown, page: unknown): unknown {
  const soFar = items.safeParse(merged);
  const more = items.safeParse(page);
  if (!soFar.success || !more.success) return merged;
  return { ...soFar.data, data: [...soFar.data.data, ...more.data.data] };
}
