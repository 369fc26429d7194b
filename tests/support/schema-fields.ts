import type { z } from "zod";

export type FieldPath = (string | number)[];

type Check = { _zod: { def: { check: string; [key: string]: unknown } } };

/** The parts of zod 4's internal schema definition that the fuzzers read. */
export type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  checks?: Check[];
  format?: string;
  left?: z.ZodType;
  right?: z.ZodType;
  getter?: () => z.ZodType;
};

export const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/**
 * Every field path a schema reads: object keys, array elements (as index 0), through
 * optional, nullable, default, pipes, unions and intersections. Derived from the schema,
 * so a new function's fields are fuzzed without anyone listing them.
 */
export function fieldPaths(schema: z.ZodType, path: FieldPath = [], depth = 0): FieldPath[] {
  if (depth > 6) return [];
  const def = defOf(schema);
  switch (def.type) {
    case "object": {
      const found: FieldPath[] = [];
      for (const [key, field] of Object.entries(def.shape ?? {})) {
        found.push([...path, key], ...fieldPaths(field, [...path, key], depth + 1));
      }
      return found;
    }
    case "array":
      return def.element ? fieldPaths(def.element, [...path, 0], depth + 1) : [];
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "readonly":
    case "catch":
    case "nonoptional":
      return def.innerType ? fieldPaths(def.innerType, path, depth) : [];
    case "pipe":
      return def.in ? fieldPaths(def.in, path, depth) : [];
    case "lazy":
      return def.getter ? fieldPaths(def.getter(), path, depth + 1) : [];
    case "union":
      return unique((def.options ?? []).flatMap((option) => fieldPaths(option, path, depth)));
    case "intersection":
      return unique([
        ...(def.left ? fieldPaths(def.left, path, depth) : []),
        ...(def.right ? fieldPaths(def.right, path, depth) : []),
      ]);
    default:
      return [];
  }
}

function unique(paths: FieldPath[]): FieldPath[] {
  const seen = new Set<string>();
  return paths.filter((path) => {
    const key = JSON.stringify(path);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** An input with `value` at `path` and nothing else (arrays of one element on the way). */
export function inputWith(path: FieldPath, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  const inner = inputWith(rest, value);
  return typeof head === "number" ? [inner] : { [head as string]: inner };
}
