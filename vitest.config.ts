import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: [
      "contracts/src/**/*.test.ts",
      "services/*/src/**/*.test.ts",
      "scripts/src/**/*.test.ts",
      "migrations/src/**/*.test.ts",
      "web/src/**/*.test.{ts,tsx}",
      "web/e2e/**/*.e2e.test.ts",
    ],
    globalSetup: ["scripts/src/testing/global-setup.ts"],
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
