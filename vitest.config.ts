import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: [
      "contracts/src/**/*.test.ts",
      "services/*/src/**/*.test.ts",
      "scripts/src/**/*.test.ts",
      "migrations/src/**/*.test.ts",
    ],
    globalSetup: ["scripts/src/testing/global-setup.ts"],
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
