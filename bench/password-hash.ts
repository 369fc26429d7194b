/**
 * node bench/password-hash.ts — median time of one argon2id hash and one verify with the
 * accounts module's parameters (m=19 MiB, t=2, p=1), one at a time, then how many
 * verifies per second the machine sustains with 4 at once (sign-in's ceiling per instance).
 *   BENCH_ROUNDS (default 40)
 */
import { availableParallelism } from "node:os";
import { hashPassword, verifyPassword } from "#server/modules/accounts/password-hash.ts";

const rounds = Number(process.env.BENCH_ROUNDS ?? 40);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

async function timed<T>(work: () => Promise<T>): Promise<[number, T]> {
  const started = performance.now();
  const result = await work();
  return [performance.now() - started, result];
}

const password = "violet orbit lantern 42";
await hashPassword(password); // warm-up
const hashTimes: number[] = [];
let hash = "";
for (let i = 0; i < rounds; i++) {
  const [ms, value] = await timed(() => hashPassword(password));
  hashTimes.push(ms);
  hash = value;
}
const verifyTimes: number[] = [];
for (let i = 0; i < rounds; i++) {
  const [ms, ok] = await timed(() => verifyPassword(hash, i % 2 ? password : "wrong password"));
  if (ok !== Boolean(i % 2)) throw new Error("verify gave the wrong answer");
  verifyTimes.push(ms);
}
const parallel = 4;
const [wallMs] = await timed(() =>
  Promise.all(
    Array.from({ length: parallel }, async () => {
      for (let i = 0; i < rounds / 2; i++) await verifyPassword(hash, password);
    }),
  ),
);
console.log(`argon2id ${hash.split("$").slice(1, 4).join(" ")}, ${availableParallelism()} cores`);
console.log(`hash    median ${median(hashTimes).toFixed(1)} ms (${rounds} rounds)`);
console.log(`verify  median ${median(verifyTimes).toFixed(1)} ms (${rounds} rounds)`);
console.log(
  `verify  ${((parallel * (rounds / 2)) / (wallMs / 1000)).toFixed(0)} per second with ${parallel} at once`,
);
