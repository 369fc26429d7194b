import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The files that take longest (each starts servers, kills processes or fuzzes every page),
 * slowest first: measured one by one on the 2-core machine (docs in the commit). Started
 * first, they run beside the many short files instead of last, when the other worker
 * would have nothing left to do (a cold run knows no durations: vitest's own order is
 * then by file size, which put these among the last).
 */
const slowFiles = [
  "tests/integration/process.test.ts",
  "tests/integration/event-cancellation-refunds-crash.test.ts",
  "tests/integration/pro-upgrade-page.test.ts",
  "tests/integration/team-pages.test.ts",
  "tests/integration/fuzz-functions.test.ts",
  "tests/integration/worker-processes.test.ts",
  "tests/integration/startup.test.ts",
  "tests/integration/outbox-production.test.ts",
  "tests/integration/worker-death.test.ts",
  "tests/integration/fuzz-pages.test.ts",
  "tests/integration/form-refusals.test.ts",
  "tests/integration/payment-pages.test.ts",
  "tests/integration/email-verification.test.ts",
];

/** vitest's order (durations of the last run when it has them), the slow files first. */
export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = slowFiles.findIndex((slow) => file.moduleId.endsWith(`/${slow}`));
      return index === -1 ? slowFiles.length : index;
    };
    // Array.prototype.sort is stable: the rest keep vitest's order.
    return sorted.sort((a, b) => (a.project.name === b.project.name ? rank(a) - rank(b) : 0));
  }
}
