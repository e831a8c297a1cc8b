// Names as people read them: digits compare as numbers (Case2 before Case10), case and accents
// aside. Every list the app sorts by a name uses this one order.

const collator = new Intl.Collator("en", { numeric: true, sensitivity: "base" });

/** Natural order of two names. */
export function compareNatural(a: string, b: string): number {
  return collator.compare(a, b);
}

/** By name naturally, then by id, so that equal names keep one order between renders. */
export function byNameThenId<R extends { name: string; id: string }>(a: R, b: R): number {
  return compareNatural(a.name, b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}
