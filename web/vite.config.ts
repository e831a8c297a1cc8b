import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// `npm run dev` serves this with hot reload and sends /api (HTTP and the sync socket) to the running API.
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  build: { outDir: "dist", emptyOutDir: true, sourcemap: true },
  server: {
    port: 5173,
    proxy: { "/api": { target: `http://localhost:${process.env.PORT ?? 3000}`, ws: true, changeOrigin: false } },
  },
});
