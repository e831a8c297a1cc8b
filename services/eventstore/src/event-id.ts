import { createHash } from "node:crypto";

// Our own namespace for UUID v5 event ids (RFC 9562 §5.5).
const namespace = Buffer.from("6f1d3c1e9b7a4f0e8d2c5b4a39281706", "hex");

/** The id of the index-th event a command appends: the same command id always yields the same ids. */
export function deriveEventId(commandId: string, index: number): string {
  return scopedId(commandId, String(index));
}

/** A UUID v5 naming `name` within `scope`: stable, and distinct for every pair. */
export function scopedId(scope: string, name: string): string {
  const hash = createHash("sha1").update(namespace).update(`${scope}/${name}`).digest();
  hash[6] = ((hash[6] ?? 0) & 0x0f) | 0x50;
  hash[8] = ((hash[8] ?? 0) & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}
