/** JSON:API documents as the spec's client reads them. */
export interface ResourceObject {
  id: string;
  type: string;
  attributes: Record<string, unknown>;
  relationships?: Record<string, { data: { id: string; type: string } | { id: string; type: string }[] | null }>;
  meta?: Record<string, unknown>;
}

export interface Page {
  number: number;
  size: number;
}

/** A list document with `meta.pages` and first/prev/next/last links that can be fetched as they are. */
export function listDocument(
  data: ResourceObject[],
  options: { total: number; page: Page; path: string; query: Record<string, string | string[] | undefined> },
) {
  const totalPages = Math.max(1, Math.ceil(options.total / options.page.size));
  const link = (number: number) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(options.query)) {
      if (key === "page" || key === "limit" || value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) params.append(key, item);
    }
    params.set("limit", String(options.page.size));
    params.set("page", String(number));
    return `${options.path}?${params.toString()}`;
  };
  const current = options.page.number;
  return {
    data,
    meta: { pages: { current, total: totalPages }, total: options.total },
    links: {
      self: link(current),
      first: link(1),
      prev: current > 1 ? link(Math.min(current - 1, totalPages)) : null,
      next: current < totalPages ? link(current + 1) : null,
      last: link(totalPages),
    },
  };
}
