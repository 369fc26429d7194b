import { readFileSync } from "node:fs";

/** Resident memory (bytes) of one process, from /proc/{pid}/status. */
export function rssOf(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+) kB/);
  return Number(line?.[1] ?? 0) * 1024;
}

export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * Downloads one CSV file, counting its lines, while sampling the server's memory every
 * 10 ms: rows (lines less the header), bytes, time, time to first byte, and the server's
 * RSS just before and at its peak.
 */
export async function downloadCsv(url: string, cookie: string, pid: number) {
  const before = rssOf(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssOf(pid));
  }, 10);
  const started = performance.now();
  let firstByte = 0;
  let bytes = 0;
  let lines = 0;
  try {
    const response = await fetch(url, { headers: { cookie } });
    const type = response.headers.get("content-type") ?? "";
    if (response.status !== 200 || !type.startsWith("text/csv") || !response.body) {
      throw new Error(`${url}: ${response.status} ${type}`);
    }
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!firstByte) firstByte = performance.now() - started;
      bytes += value.byteLength;
      for (const byte of value) if (byte === 10) lines++;
    }
  } finally {
    clearInterval(sampler);
  }
  peak = Math.max(peak, rssOf(pid));
  return { rows: lines - 1, bytes, ms: performance.now() - started, firstByte, before, peak };
}
