/** Where a page of a list that is read with offset and limit starts, without reading the list. */
export interface PageWindow {
  /** 1-based, within 1..pages even when asked for a page past the end (the list shrank). */
  page: number;
  pages: number;
  offset: number;
}

export function pageWindow(total: number, page: number, size: number): PageWindow {
  const pages = Math.max(1, Math.ceil(total / size));
  const current = Math.min(Math.max(1, Math.floor(page)), pages);
  return { page: current, pages, offset: (current - 1) * size };
}
