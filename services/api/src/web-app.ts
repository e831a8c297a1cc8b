import path from "node:path";
import helmet from "@fastify/helmet";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { errorObject } from "./http/errors.ts";

/**
 * The single-page app: files as they are, and index.html for every other path outside /api, each
 * with helmet's security headers. Scripts come from the app's own files only (Vite emits no inline
 * script); styles may be inline, as Mantine writes them; pictures may come from anywhere over https
 * (people's photos); no page may frame the app. Requests are not upgraded to https: the app is
 * often opened over plain http at localhost, 127.0.0.1 or a LAN address.
 */
export async function serveWebApp(app: FastifyInstance, root: string): Promise<void> {
  await app.register(async (web) => {
    await web.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          "frame-ancestors": ["'none'"],
          "img-src": ["'self'", "data:", "blob:", "https:"],
          "upgrade-insecure-requests": null,
        },
      },
      frameguard: { action: "deny" },
      referrerPolicy: { policy: "no-referrer" },
    });
    const assets = path.resolve(root, "assets") + path.sep;
    await web.register(fastifyStatic, {
      root,
      wildcard: false,
      index: ["index.html"],
      // The build writes a brotli and a gzip copy beside each text file (web/precompress.ts): sent
      // as they are to a browser that accepts them, with Vary: Accept-Encoding.
      preCompressed: true,
      // Files under /assets/ carry a content hash in their name, so they never change. Every other
      // file (index.html, the service worker sw.js and its workbox-*.js) keeps its name across builds
      // and must be revalidated, or a browser keeps an old worker and never sees an update.
      setHeaders: (reply, filePath) => {
        const hashed = path.resolve(filePath).startsWith(assets);
        reply.header("cache-control", hashed ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
    web.get("/*", async (request, reply) => {
      if (request.url.startsWith("/api/")) {
        return reply
          .status(404)
          .type("application/vnd.api+json")
          .send({ errors: [errorObject("NOT_FOUND")] });
      }
      return reply.type("text/html").sendFile("index.html");
    });
  });
}
