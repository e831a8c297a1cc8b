import type { FastifyInstance } from "fastify";
import type { Deps } from "../deps.ts";
import { recordPixelFetch } from "./pixel-open.ts";

/** A transparent 1×1 GIF (43 bytes): what every pixel request gets back. */
export const PIXEL_GIF = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

const tokenOf = (params: unknown): string => {
  const token =
    typeof params === "object" && params !== null ? Object.getOwnPropertyDescriptor(params, "token")?.value : undefined;
  return typeof token === "string" ? token : "";
};

/**
 * `GET {path}/{token}` (`/api/v1/opens`, and `/o` as mail carries it), without a session: a sent
 * message's tracking pixel. Whatever the token
 * and whatever goes wrong, the answer is the same image, never cached, so a mail program shows
 * nothing amiss and nothing tells a valid token from another. The client's address is Fastify's
 * `request.ip`: behind a proxy, the first hop TRUST_PROXY does not vouch for.
 */
export function opensRoutes(app: FastifyInstance, deps: Deps, path = "/opens"): void {
  app.get(`${path}/:token`, async (request, reply) => {
    // A HEAD (Fastify answers one for every GET) is a link checker asking whether the image exists.
    if (request.method === "GET") {
      try {
        await recordPixelFetch(deps, {
          token: tokenOf(request.params),
          userAgent: request.headers["user-agent"],
          ip: request.ip,
          requestId: request.id,
        });
      } catch (error) {
        request.log.warn({ err: error }, "a pixel's open was not recorded");
      }
    }
    return reply
      .code(200)
      .header("content-type", "image/gif")
      .header("cache-control", "no-store, no-cache, must-revalidate, private, max-age=0")
      .header("pragma", "no-cache")
      .header("expires", "0")
      .header("referrer-policy", "no-referrer")
      .send(PIXEL_GIF);
  });
}
