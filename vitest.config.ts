import { defineConfig } from "vitest/config";
import { e2eWorkers } from "./tests/e2e/e2e-workers.ts";
import { SlowFirstSequencer } from "./tests/support/slow-first-sequencer.ts";

export default defineConfig({
  test: {
    // The slowest files start first, so that both workers end together.
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: [
            "app/**/*.test.{ts,tsx}",
            "contract/**/*.test.ts",
            "server/**/*.test.ts",
            "tests/integration/**/*.test.ts",
            "tests/architecture/**/*.test.ts",
          ],
          environment: "node",
          // Files side by side on both cores (the e2e project below, which shares one
          // server and browser, turns parallelism off for itself, and with it the default).
          maxWorkers: 2,
          // In-memory databases load a migrated image made once (tests/support/pglite-image.ts).
          globalSetup: ["tests/support/unit-global-setup.ts"],
          setupFiles: ["tests/support/unit-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          globalSetup: ["tests/e2e/global-setup.ts"],
          setupFiles: ["tests/e2e/worker-server.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One server per worker, which its files share one at a time (each file starts
          // its own browser). One worker unless E2E_WORKERS says more (e2e-workers.ts).
          ...(e2eWorkers > 1
            ? { maxWorkers: e2eWorkers, sequence: { groupOrder: 1 } }
            : { fileParallelism: false }),
        },
      },
    ],
  },
});
