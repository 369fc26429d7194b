import fc from "fast-check";
import type { z } from "zod";
import { type Def, defOf } from "./schema-fields.ts";

function checksOf(def: Def) {
  const found: Record<string, unknown>[] = [];
  for (const check of def.checks ?? []) found.push(check._zod.def);
  return found;
}

function stringArbitrary(def: Def): fc.Arbitrary<string> {
  const checks = checksOf(def);
  const format = def.format ?? (checks.find((c) => c.check === "string_format")?.format as string);
  if (format === "uuid" || format === "guid") return fc.uuid();
  if (format === "email") return fc.emailAddress();
  if (format === "url") return fc.webUrl();
  if (format === "datetime") return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  const min = Number(checks.find((c) => c.check === "min_length")?.minimum ?? 0);
  const max = Number(checks.find((c) => c.check === "max_length")?.maximum ?? 300);
  const length = checks.find((c) => c.check === "length_equals")?.length;
  const bounds =
    typeof length === "number"
      ? { minLength: length, maxLength: length }
      : { minLength: min, maxLength: Math.min(Math.max(max, min), 2000) };
  return fc.oneof(
    fc.string({ ...bounds, unit: "grapheme" }),
    // Lengths at the schema's edges, where handlers meet the longest allowed text.
    fc.constant("x".repeat(bounds.maxLength)),
    fc.string({ ...bounds, unit: "grapheme-ascii" }),
  );
}

function numberArbitrary(def: Def): fc.Arbitrary<number> {
  const checks = checksOf(def);
  const integer =
    def.type === "int" ||
    checks.some((c) => c.check === "number_format" && String(c.format).includes("int"));
  const lower = checks.find((c) => c.check === "greater_than");
  const upper = checks.find((c) => c.check === "less_than");
  const min = typeof lower?.value === "number" ? lower.value : -1e12;
  const max = typeof upper?.value === "number" ? upper.value : 1e12;
  return integer
    ? fc.integer({
        min: Math.ceil(Math.max(min, -(2 ** 31))),
        max: Math.floor(Math.min(max, 2 ** 31)),
      })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

/**
 * Values a schema accepts, most of the time: what reaches the handlers (and the
 * database) when a caller sends plausible but unusual data. Refinements the generator
 * cannot see (patterns, cross-field rules) make some values invalid; that is fine.
 */
export function arbitraryFor(schema: z.ZodType, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 6) return fc.constant(null);
  const def = defOf(schema);
  switch (def.type) {
    case "string":
      return stringArbitrary(def);
    case "number":
    case "int":
      return numberArbitrary(def);
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "undefined":
    case "void":
      return fc.constant(undefined);
    case "literal":
      return fc.constantFrom(...((def.values ?? [null]) as unknown[]));
    case "enum":
      return fc.constantFrom(...Object.values(def.entries ?? { none: "none" }));
    case "object": {
      const shape: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, field] of Object.entries(def.shape ?? {})) {
        shape[key] = arbitraryFor(field, depth + 1);
      }
      return fc.record(shape);
    }
    case "array":
      return def.element
        ? fc.array(arbitraryFor(def.element, depth + 1), { maxLength: 5 })
        : fc.constant([]);
    case "optional":
      return def.innerType
        ? fc.option(arbitraryFor(def.innerType, depth), { nil: undefined })
        : fc.constant(undefined);
    case "nullable":
      return def.innerType ? fc.option(arbitraryFor(def.innerType, depth)) : fc.constant(null);
    case "default":
    case "prefault":
    case "readonly":
    case "catch":
    case "nonoptional":
      return def.innerType ? arbitraryFor(def.innerType, depth) : fc.anything();
    case "pipe":
      return def.in ? arbitraryFor(def.in, depth) : fc.anything();
    case "union":
      return fc.oneof(...(def.options ?? []).map((option) => arbitraryFor(option, depth)));
    default:
      return fc.jsonValue();
  }
}

/** What a hostile or careless client sends instead of a field's value. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  // Control characters, lone surrogates and odd text among ordinary text.
  fc
    .tuple(
      fc.string({ maxLength: 20 }),
      fc.constantFrom("\u0000", "\u0007", "\u001b[2J", "\u007f", "\ud800", "\udfff", "\u202e"),
      fc.string({ maxLength: 20 }),
    )
    .map(([before, odd, after]) => `${before}${odd}${after}`),
  fc.string({ unit: "binary", maxLength: 50 }),
  // Numbers at and past every edge.
  fc.constantFrom(
    0,
    -0,
    -1,
    2 ** 31,
    2 ** 53 + 1,
    -(2 ** 63),
    1e308,
    -1e308,
    Number.MIN_VALUE,
    0.1,
  ),
  // Wrong types and shapes.
  fc.constantFrom(true, null, [], {}, [null], { nested: { deeper: [1, "2"] } }, "", " "),
  fc.string({ minLength: 5_000, maxLength: 20_000 }),
  fc.jsonValue({ maxDepth: 3 }),
);
