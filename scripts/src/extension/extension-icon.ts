// The extension's icon, drawn at build time: a white H on the app's blue, as a PNG.
import { crc32, deflateSync } from "node:zlib";

export const ICON_SIZES = [16, 48, 128] as const;
const BLUE = [0x1c, 0x7e, 0xd6];
const WHITE = [0xff, 0xff, 0xff];

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** Whether the pixel at (x, y) of a size×size square belongs to the H. */
function inLetter(x: number, y: number, size: number): boolean {
  const u = x / size;
  const v = y / size;
  if (v < 0.22 || v >= 0.78) return false;
  return (u >= 0.25 && u < 0.4) || (u >= 0.6 && u < 0.75) || (v >= 0.44 && v < 0.56 && u >= 0.25 && u < 0.75);
}

export function iconPng(size: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.writeUInt8(8, 8); // 8 bits per channel
  header.writeUInt8(2, 9); // truecolour, no alpha
  const rows: number[] = [];
  for (let y = 0; y < size; y++) {
    rows.push(0); // no filter
    for (let x = 0; x < size; x++) rows.push(...(inLetter(x, y, size) ? WHITE : BLUE));
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.from(rows))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

export const iconFile = (size: number) => `icon-${size}.png`;
