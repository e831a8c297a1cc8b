import { createRequire } from "node:module";
import path from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { precompress } from "./precompress.ts";

/** Libraries only one part of the app uses: Dexie (signed in), the editor, the landing carousel, CSV import. */
const ONE_PART_LIBRARIES =
  /node_modules[\\/](dexie|dexie-react-hooks|@tiptap|prosemirror-|linkifyjs|@mantine[\\/]tiptap|@mantine[\\/]carousel|embla-carousel|papaparse|react-number-format|uuid[\\/]dist[\\/](sha1|v35|v5)|@mantine[\\/]core[\\/].*NumberInput)/;

/** Mantine parts only some screens show: each in a small chunk of its own rather than in every screen's `ui-more`. */
const SOME_SCREENS_UI =
  /node_modules[\\/]@mantine[\\/]core[\\/].*[\\/](PasswordInput|Grid|SimpleGrid|FileInput|FileButton|Checkbox|Switch|Tabs|Textarea|Table|Fieldset|NativeSelect|ColorSwatch|Modal|ModalBase|Burger|Accordion|Alert|Card|List|Paper|ThemeIcon|Notification|Affix)[\\/]/;

/**
 * Dexie's ES module build for modern browsers, rather than the ES5 UMD file its package entry wraps
 * (to guard against two copies, which one bundle cannot hold): smaller, and the same version.
 */
const DEXIE_MODULE = path.join(
  path.dirname(createRequire(import.meta.url).resolve("dexie/package.json")),
  "dist/modern/dexie.mjs",
);

/**
 * The page's first module (entry.ts) and all it imports: small, and nothing of React, Mantine or zod,
 * so that it runs, opens the sync socket and sends the Reports' first request, before the app's code
 * has loaded.
 */
const EARLY_CODE =
  /[\\/](web[\\/]src[\\/](entry\.ts|early-sync[\\/]|load-steps\.ts|constants\.ts|api[\\/](api-base|session-credentials|session-headers)\.ts|service-worker[\\/]reload-on-missing-chunk\.ts|replica[\\/](replica-name|route-focus|screen-queries|clock)\.ts|pages[\\/]reports[\\/]early-funnel\.ts)|contracts[\\/]src[\\/]sync[\\/](protocol-version|scopes)\.ts)/;

const APP_CODE = /[\\/](web|contracts)[\\/]src[\\/]/;
/** The signed-in screens' shared code: not their own parts (pipeline, editor, import), which stay with them. */
const SIGNED_IN_CODE =
  /[\\/]web[\\/]src[\\/](hooks|state|replica|ids|notifications|components[\\/](shell|dialogs)|components[\\/][^\\/]+\.tsx?$)/;
const SHARED_CODE =
  /[\\/]web[\\/]src[\\/](forms|components[\\/](router-anchor|logo|page-section)|hooks[\\/](use-fresh-auth-feedback|use-session-expired-notice|use-is-mobile))/;
/** Signed-in code that loads when its dialog first opens, not with the frame. */
const ON_OPEN_CODE =
  /[\\/]web[\\/]src[\\/]components[\\/](dialogs[\\/](name-dialog|confirm-dialog-view)|shell[\\/](invitations-modal|storage-notice-view))/;
/** The public pages and what only they use: never in the signed-in chunk, which they must not load. */
const PUBLIC_CODE =
  /[\\/]src[\\/](pages[\\/](sign-in|sign-up|landing|services|privacy-policy|reset-password|update-password|auth-callback|mobile-warning)|components[\\/](public|auth-layout|public-layout|provider-sign-in-buttons|logo))/;

/**
 * index.html preloads the app's code (main.tsx, what it imports, its styles), which the page's first
 * module (entry.ts) imports once it has opened the sync socket: fetched alongside that module, not after
 * it. The styles as a preload, not a stylesheet, which would hold that module back until they are in
 * (the import applies them before the app runs).
 */
function preloadApp(): Plugin {
  return {
    name: "hirestream-preload-app",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(_html, context) {
        const bundle = context.bundle;
        if (!bundle) return [];
        const chunks = new Map(
          Object.values(bundle).flatMap((file) => (file.type === "chunk" ? [[file.fileName, file]] : [])),
        );
        const main = [...chunks.values()].find((chunk) => chunk.isEntry && chunk.name === "main");
        if (!main) throw new Error("the build has no main chunk (src/main.tsx) to preload");
        const scripts = new Set<string>();
        const styles = new Set<string>();
        const visit = (fileName: string) => {
          const chunk = chunks.get(fileName);
          if (!chunk || scripts.has(fileName)) return;
          scripts.add(fileName);
          for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
          for (const imported of chunk.imports) visit(imported);
        };
        visit(main.fileName);
        // What the page's entry imports itself, Vite already preloads.
        for (const imported of context.chunk?.imports ?? []) scripts.delete(imported);
        return [
          ...[...styles].map((href) => ({
            tag: "link",
            attrs: { rel: "preload", as: "style", crossorigin: true, href: `/${href}` },
            injectTo: "head" as const,
          })),
          ...[...scripts].map((href) => ({
            tag: "link",
            attrs: { rel: "modulepreload", crossorigin: true, href: `/${href}` },
            injectTo: "head" as const,
          })),
        ];
      },
    },
  };
}

// `npm run dev` serves this with hot reload and sends /api (HTTP and the sync socket) to the running API.
export default defineConfig({
  root: import.meta.dirname,
  plugins: [
    react(),
    // A precached app shell lets a signed-in user open or reload the app offline: the screens read
    // the Dexie replica, so only the static files have to come from somewhere without the network.
    VitePWA({
      strategies: "generateSW",
      // `src/service-worker/register-service-worker.ts` registers it, only in production builds.
      injectRegister: false,
      registerType: "autoUpdate",
      // The favicon is already in globPatterns; listing it again as a manifest icon would precache it twice.
      includeManifestIcons: false,
      manifest: {
        name: "Hirestream",
        short_name: "Hirestream",
        start_url: "/",
        display: "standalone",
        background_color: "#ffffff",
        theme_color: "#1c7ed6",
        icons: [{ src: "/favicon.svg", sizes: "any", type: "image/svg+xml" }],
      },
      workbox: {
        globPatterns: ["**/*.{js,css,html,svg,woff2}"],
        // The plugin sets these two for `autoUpdate` only when it injects the registration itself;
        // we register ourselves, so say it here: a new build takes over without waiting for every tab to close.
        skipWaiting: true,
        clientsClaim: true,
        cleanupOutdatedCaches: true,
        navigateFallback: "/index.html",
        // /api answers carry personal data and session headers: always the network, never a cache.
        navigateFallbackDenylist: [/^\/api\//],
        runtimeCaching: [],
      },
      // The dev server has no worker: hot reload and a cache-first shell fight each other.
      devOptions: { enabled: false },
    }),
    preloadApp(),
    // After the worker is written (its closeBundle runs first), so sw.js is compressed too.
    precompress(),
  ],
  resolve: { alias: [{ find: /^dexie$/, replacement: DEXIE_MODULE }] },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      // The app (main.tsx) is an entry of its own, which the page's first module imports: what it
      // needs statically stays "initial" for the chunk groups below, as when it was the page's entry.
      input: {
        index: path.join(import.meta.dirname, "index.html"),
        main: path.join(import.meta.dirname, "src", "main.tsx"),
      },
      output: {
        // Each screen is a chunk of its own (routes.tsx). The libraries every screen uses go into two
        // chunks that keep their hash from one release to the next, rather than into dozens of small
        // shared chunks that each cost a request and compress worse. Libraries of one part of the app
        // (Dexie, the editor, CSV parsing) stay with the screens that import them.
        codeSplitting: {
          groups: [
            // The page's first module's own imports, shared with the app: a chunk that loads nothing else.
            { name: "early", test: EARLY_CODE, priority: 40 },
            { name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
            // What the first screen of all needs (public pages included): its libraries, one chunk.
            { name: "ui", test: /node_modules/, tags: ["$initial"], priority: 20 },
            // The app's own code that the first screen needs, beside the entry.
            { name: "start", test: APP_CODE, tags: ["$initial"], priority: 18 },
            // The form library: the public pages' forms, and the signed-in ones in modals that load on open.
            { name: "ui-forms", test: /node_modules[\\/]@mantine[\\/]form[\\/]/, priority: 12 },
            // The other libraries most signed-in screens share (menus, popovers, forms).
            {
              name: "ui-more",
              test: (id) => /node_modules/.test(id) && !ONE_PART_LIBRARIES.test(id) && !SOME_SCREENS_UI.test(id),
              minShareCount: 3,
              priority: 10,
            },
            // Form rules, links and text sections the public pages share with the signed-in ones.
            { name: "shared", test: SHARED_CODE, priority: 6 },
            // What every signed-in screen uses: the replica (with Dexie), the frame, hooks, dialogs.
            {
              name: "signed-in",
              test: (id) => SIGNED_IN_CODE.test(id) && !PUBLIC_CODE.test(id) && !ON_OPEN_CODE.test(id),
              priority: 5,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      "/api": { target: `http://localhost:${process.env.PORT ?? 3000}`, ws: true, changeOrigin: false },
      // Opt-out links in mail (the API's short form of /api/v1/opt_outs).
      "/u/": { target: `http://localhost:${process.env.PORT ?? 3000}`, changeOrigin: false },
    },
  },
});
