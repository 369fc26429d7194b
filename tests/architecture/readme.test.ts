import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { projectRoot } from "#tests/support/spawn-server.ts";

const readme = readFileSync(path.join(projectRoot, "README.md"), "utf8");

describe("the README", () => {
  it("calls nothing 'not built' (every screen of the spec is built)", () => {
    expect(readme).not.toMatch(/not (yet )?built|not built yet/i);
  });

  it("describes messages to attendees, which are built (decision 023)", () => {
    expect(readme).toMatch(/ticket\s+holders of one event[^.]*decision 023/s);
  });
});
