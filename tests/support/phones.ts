import { randomInt } from "node:crypto";

// Each test process starts at its own random point of a million numbers and counts up
// from there: numbers never repeat within a process (a test file's database is its own),
// and two processes' sequences practically never meet. Random numbers each time would
// repeat: a file making a few hundred users draws the same one now and then.
let counter = randomInt(0, 1_000_000);

/** A valid UK mobile number (`prefix` and six digits) not used before by this process. */
export function newPhone(prefix = "+447722"): string {
  counter += 1;
  return `${prefix}${String(counter % 1_000_000).padStart(6, "0")}`;
}
