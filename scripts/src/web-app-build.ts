import path from "node:path";

/** Node's arguments for the web app's production build (Vite, web/vite.config.ts), run at `repoRoot`. */
export function webAppBuildArgs(repoRoot: string, extra: readonly string[]): string[] {
  return [
    path.join(repoRoot, "node_modules", "vite", "bin", "vite.js"),
    "build",
    "--config",
    "web/vite.config.ts",
    ...extra,
  ];
}
