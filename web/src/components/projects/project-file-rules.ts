// What the Files section checks before an upload and how it shows a file: the limits are the
// server's (contracts/src/files/files.ts), so a refused file never has to travel.
import { FILE_MAX_BYTES, FILE_NAME_MAX, fileMessages } from "@hirestream/contracts/files/files.ts";

/** Why a chosen file cannot be uploaded, or null when it can. */
export function uploadProblem(file: { name: string; size: number }): string | null {
  if (file.size === 0) return fileMessages.empty;
  if (file.size > FILE_MAX_BYTES) return fileMessages.tooLarge;
  if (file.name.trim().length > FILE_NAME_MAX) return fileMessages.nameTooLong;
  return null;
}

const units = ["KB", "MB", "GB"] as const;

/** "512 bytes", "1.5 KB", "10 MB". */
export function fileSizeText(bytes: number): string {
  if (bytes < 1024) return bytes === 1 ? "1 byte" : `${bytes} bytes`;
  let value = bytes;
  let unit = "bytes";
  for (const next of units) {
    if (value < 1024) break;
    value /= 1024;
    unit = next;
  }
  const rounded = value >= 10 ? Math.round(value) : Math.round(value * 10) / 10;
  return `${rounded} ${unit}`;
}
