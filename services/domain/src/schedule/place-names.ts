/**
 * A place name reduced to what people agree on: no accents, no case, no punctuation, single
 * spaces, no apostrophes (St. John's is st johns), and only the part before a comma ('Austin, TX'
 * is Austin).
 */
export function placeKey(name: string): string {
  return (name.split(",")[0] ?? "")
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/['\u2019]/g, "")
    .replace(/[^\p{Letter}\p{Number}]+/gu, " ")
    .trim();
}
