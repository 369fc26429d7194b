/**
 * Where the CPU went, from a V8 `.cpuprofile` (node --cpu-prof): self time grouped by
 * package (node_modules/<name>), by the app's own folders (server/platform/…,
 * server/modules/…, app/…, build/…) and by Node's internals, biggest first, with the
 * share of the busy (non-idle) time.
 *
 *   node scripts/profile-summary.ts PROFILE.cpuprofile [--top 25] [--functions] [--after S]
 *
 * `--functions` lists the hottest single functions as well.
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";

type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    top: { type: "string", default: "25" },
    functions: { type: "boolean" },
    /** Seconds to leave out at the start (the process starting, loading modules). */
    after: { type: "string", default: "0" },
  },
});
const file = positionals[0];
if (!file) throw new Error("usage: node scripts/profile-summary.ts PROFILE.cpuprofile");
const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));

/** The bucket a function's self time counts for. */
export function bucketOf(url: string, name: string): string {
  if (name === "(idle)") return "(idle)";
  if (name === "(garbage collector)") return "(garbage collector)";
  if (name === "(program)") return "(program: V8/native)";
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (modules?.[1]) return modules[1];
  if (url.startsWith("node:")) {
    const base = url.slice(5).split("/")[1] ?? url.slice(5);
    return `node:${base.replace(/\.js$/, "").replace(/^_/, "")}`;
  }
  const own = /\/(server\/[^/]+(?:\/[^/]+)?|app\/[^/]+|build\/[^/]+|contract)\//.exec(url);
  if (own?.[1]) return own[1];
  return url ? url.replace(/^.*\//, "") : `(native ${name || "anonymous"})`;
}

const selfTime = new Map<number, number>();
const skipUs = Number(values.after) * 1e6;
let clock = 0;
profile.samples.forEach((id, i) => {
  const delta = profile.timeDeltas[i] ?? 0;
  clock += delta;
  if (clock < skipUs) return;
  selfTime.set(id, (selfTime.get(id) ?? 0) + delta);
});
const buckets = new Map<string, number>();
const functions = new Map<string, number>();
let busy = 0;
let total = 0;
for (const [id, us] of selfTime) {
  const node = byId.get(id);
  if (!node) continue;
  const { url, functionName, lineNumber } = node.callFrame;
  const bucket = bucketOf(url, functionName);
  buckets.set(bucket, (buckets.get(bucket) ?? 0) + us);
  total += us;
  if (bucket !== "(idle)") {
    busy += us;
    const key = `${functionName || "(anonymous)"} ${url.replace(/^.*node_modules\//, "")}:${lineNumber + 1}`;
    functions.set(key, (functions.get(key) ?? 0) + us);
  }
}
const top = Number(values.top);
const line = (name: string, us: number) =>
  `${(us / 1000).toFixed(0).padStart(8)} ms  ${((100 * us) / busy).toFixed(1).padStart(5)} %  ${name}`;
console.log(
  `${file}: ${(total / 1e6).toFixed(1)} s profiled, ${(busy / 1e6).toFixed(1)} s busy (${((100 * busy) / total).toFixed(0)} %)`,
);
console.log("self time by package / folder (share of busy time):");
for (const [name, us] of [...buckets].sort((a, b) => b[1] - a[1]).slice(0, top)) {
  if (name !== "(idle)") console.log(line(name, us));
}
if (values.functions) {
  console.log("hottest functions:");
  for (const [name, us] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(line(name, us));
  }
}
