import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin, ResolvedConfig } from "vite";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files worth compressing; fonts and pictures are compressed formats already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * Writes `x.br` and `x.gz` beside every text file of the build, for the API's static files to
 * send as they are (`preCompressed`): compressed once at build time at the best levels, rather
 * than on every request. Runs after vite-plugin-pwa has written the service worker, so sw.js and
 * its workbox runtime are compressed too. A variant no smaller than its file is not written.
 */
export function precompress(): Plugin {
  let config: ResolvedConfig | undefined;
  return {
    name: "hirestream:precompress",
    apply: "build",
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      order: "post",
      sequential: true,
      async handler() {
        if (!config) return;
        const outDir = path.resolve(config.root, config.build.outDir);
        const files = (await filesUnder(outDir)).filter((file) => COMPRESSIBLE.test(file));
        for (const file of files) {
          const source = await readFile(file);
          const variants = await Promise.all([
            brotli(source, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            }).then((data) => [".br", data] as const),
            gzipAsync(source, { level: constants.Z_BEST_COMPRESSION }).then((data) => [".gz", data] as const),
          ]);
          for (const [extension, data] of variants) {
            if (data.length < source.length) await writeFile(file + extension, data);
          }
        }
      },
    },
  };
}
