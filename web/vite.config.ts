import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";

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
  ],
  build: { outDir: "dist", emptyOutDir: true, sourcemap: true },
  server: {
    port: 5173,
    proxy: {
      "/api": { target: `http://localhost:${process.env.PORT ?? 3000}`, ws: true, changeOrigin: false },
      // Opt-out links in mail (the API's short form of /api/v1/opt_outs).
      "/u/": { target: `http://localhost:${process.env.PORT ?? 3000}`, changeOrigin: false },
    },
  },
});
