import { randomUUID } from "node:crypto";
import { Writable } from "node:stream";
import type MimeNode from "nodemailer/lib/mime-node";

// Two costs of nodemailer's `build()` that a step sent to thousands of candidates pays each time,
// and neither buys anything for a message composed in memory:
// - every MIME node draws its own boundary from `crypto.randomBytes` (a system call each);
// - `build()` reads the message through `createReadStream`, a `stream.pipeline` whose end makes an
//   AbortError (a DOMException with its stack trace) for the abort signal it never hands out.

/**
 * The random part of a message's MIME boundaries (`baseBoundary`): 122 random bits, as the
 * composer's own 64, from `randomUUID`, which draws its randomness in bulk rather than per call.
 */
export function messageBoundary(): string {
  return randomUUID().replaceAll("-", "");
}

/**
 * The whole message, as `node.build()` gives it: the composer's tree writes every byte (headers,
 * boundaries, encodings) through its public `stream` into a sink that keeps the chunks. Only the
 * last stage of `createReadStream` is repeated here: a message ends with a line break.
 */
export function buildMessage(node: MimeNode): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
    });
    node.stream(sink, {}, (error) => {
      if (error) {
        sink.destroy();
        reject(error);
        return;
      }
      const last = chunks.at(-1)?.at(-1);
      if (last === 0x0d) chunks.push(Buffer.from("\n"));
      else if (last !== 0x0a) chunks.push(Buffer.from("\r\n"));
      resolve(Buffer.concat(chunks));
    });
  });
}
