import { describe, expect, it } from "vitest";
import {
  capabilityEdges,
  fileEdges,
  findCycles,
  isTestFile,
  readSourceFiles,
} from "#tests/support/import-graph.ts";

/**
 * The layers of docs/decisions/012-layers-and-contract.md, read from the imports:
 * app → server/steps → server/modules → server/platform, all above contract/.
 */
const files = readSourceFiles();
const violations = (rule: (from: string, to: string) => boolean, scope = files) =>
  scope.flatMap((file) =>
    file.imports.filter((to) => rule(file.path, to)).map((to) => `${file.path} imports ${to}`),
  );

/**
 * The only imports from app/ into server/ (docs/decisions/026-contract-and-module-layout.md).
 * Everything else a page shares with the server lives in contract/.
 */
const pageToServerAllowList: { from: RegExp; to: RegExp; why: string }[] = [
  {
    from: /^app\/server-context\.ts$/,
    to: /^server\/(functions\.ts|platform\/http\/page-context\.ts)$/,
    why: "server-side composition: the loaders' context is typed by the server's function map",
  },
  {
    from: /^app\/callable\/callable\.ts$/,
    to: /^server\/(functions\.ts|platform\/callable\/(define-function|test-functions)\.ts)$/,
    why: "typed calls: names, inputs and outputs are derived from the server's function definitions (types only)",
  },
  {
    from: /^app\/forms\/form-failure\.test\.ts$/,
    to: /^server\/platform\/callable\/function-error\.ts$/,
    why: "test: the form reads the very errors the server throws",
  },
  {
    from: /^app\/events\/home-search\.test\.ts$/,
    to: /^server\/(modules\/events\/event-discovery\.functions|platform\/callable\/(define-function|registry))\.ts$/,
    why: "test: the home page's loader runs on the real search function",
  },
];

describe("layers", () => {
  it("reads the whole tree (the check is not vacuous)", () => {
    expect(files.filter((file) => file.path.startsWith("server/modules/")).length).toBeGreaterThan(
      50,
    );
    expect(capabilityEdges(files).size).toBeGreaterThan(5);
  });

  it("keeps the server out of the page layer: only the contract is shared", () => {
    expect(violations((from, to) => from.startsWith("server/") && to.startsWith("app/"))).toEqual(
      [],
    );
  });

  it("app/ imports server/ only through contract/", () => {
    const allowed = (from: string, to: string) =>
      pageToServerAllowList.some((entry) => entry.from.test(from) && entry.to.test(to));
    expect(
      violations(
        (from, to) => from.startsWith("app/") && to.startsWith("server/") && !allowed(from, to),
      ),
    ).toEqual([]);
  });

  it("allows no app/ → server/ import that no longer exists (the allow-list stays short)", () => {
    const unused = pageToServerAllowList.filter(
      (entry) => violations((from, to) => entry.from.test(from) && entry.to.test(to)).length === 0,
    );
    expect(unused.map((entry) => entry.why)).toEqual([]);
  });

  it("keeps the contract below both sides", () => {
    expect(
      violations(
        (from, to) =>
          from.startsWith("contract/") && (to.startsWith("app/") || to.startsWith("server/")),
      ),
    ).toEqual([]);
  });

  it("keeps the contract free of dependencies: it imports only its own files", () => {
    const outside = files
      .filter((file) => file.path.startsWith("contract/") && !isTestFile(file.path))
      .flatMap((file) =>
        [...file.text.matchAll(/\bfrom\s*["']([^"']+)["']|\bimport\s*\(?\s*["']([^"']+)["']/g)]
          .map((match) => match[1] ?? match[2] ?? "")
          .filter((specifier) => !specifier.startsWith("./"))
          .map((specifier) => `${file.path} imports ${specifier}`),
      );
    expect(outside).toEqual([]);
  });

  it("keeps the platform below the modules and the steps that compose them", () => {
    const production = files.filter((file) => !isTestFile(file.path));
    expect(
      violations(
        (from, to) =>
          from.startsWith("server/platform/") &&
          (to.startsWith("server/modules/") ||
            to.startsWith("server/steps/") ||
            to === "server/functions.ts"),
        production,
      ),
    ).toEqual([]);
  });

  it("keeps the modules' tables out of the platform: server/platform imports neither server/modules nor server/schema.ts", () => {
    const production = files.filter((file) => !isTestFile(file.path));
    expect(
      violations(
        (from, to) =>
          from.startsWith("server/platform/") &&
          (to.startsWith("server/modules/") || to === "server/schema.ts"),
        production,
      ),
    ).toEqual([]);
  });

  it("lets no module reach up into the steps that compose modules", () => {
    const production = files.filter((file) => !isTestFile(file.path));
    expect(
      violations(
        (from, to) => from.startsWith("server/modules/") && to.startsWith("server/steps/"),
        production,
      ),
    ).toEqual([]);
  });

  it("has no import loop between capability folders", () => {
    const edges = capabilityEdges(files);
    const cycles = findCycles(edges.keys()).map((cycle) =>
      cycle
        .slice(1)
        .map((to, i) => `${cycle[i]} -> ${to} (${edges.get(`${cycle[i]} -> ${to}`)})`)
        .join("; "),
    );
    expect(cycles).toEqual([]);
  });

  it("has no import loop between files of the server", () => {
    // A loop between two files (even of one folder) makes the load order decide which
    // module sees the other half-initialised, and hides which file is the lower one.
    const edges = fileEdges(files, "server/");
    expect(edges.size).toBeGreaterThan(100);
    expect(findCycles(edges).map((cycle) => cycle.join(" -> "))).toEqual([]);
  });

  it("finds a loop when there is one (the check itself)", () => {
    expect(findCycles(["a -> b", "b -> c", "c -> a", "c -> d"])).toEqual([["a", "b", "c", "a"]]);
    expect(findCycles(["a -> b", "b -> c"])).toEqual([]);
  });

  it("names server-only page helpers *.server.ts so the build keeps them off the browser", () => {
    const serverOnly = files.filter(
      (file) =>
        file.path.startsWith("app/") &&
        !isTestFile(file.path) &&
        !file.path.endsWith(".server.ts") &&
        !file.path.startsWith("app/routes/") &&
        /\bcontext\.get\(serverContext\)|ServerContext\b/.test(file.text) &&
        !/^app\/(server-context|entry\.server|root)\.tsx?$/.test(file.path),
    );
    expect(serverOnly.map((file) => file.path)).toEqual([]);
  });
});

describe("file size", () => {
  it("has no source file over 350 lines without a one-line reason at its top", () => {
    const long = files
      .filter((file) => file.text.split("\n").length > 350)
      .filter((file) => !/^(\/\/|\/\*) Long: .+/.test(file.text))
      .map((file) => `${file.path}: ${file.text.split("\n").length} lines`);
    expect(long).toEqual([]);
  });
});
