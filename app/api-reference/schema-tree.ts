import type { JsonSchema } from "#contract/api-keys.ts";

/** One value of a JSON Schema, as the reference page shows it: a type line and its parts. */
export type SchemaNode = {
  /** "string", "integer", "object", "array of object", "string | null", `"a" | "b"`. */
  type: string;
  description?: string;
  /** Short rules: "uuid", "1 to 60 characters", "at least 1", "at most 20 items". */
  rules: string[];
  /** An object's properties, in the schema's order. */
  properties?: SchemaProperty[];
  /** An array's items, when they are objects or alternatives worth a tree of their own. */
  items?: SchemaNode;
  /** The alternatives of a `oneOf` / `anyOf` of objects (a discriminated union). */
  variants?: SchemaNode[];
  /** A map's values (`additionalProperties`), keyed by any string. */
  values?: SchemaNode;
};

export type SchemaProperty = { name: string; required: boolean; node: SchemaNode };

const isSchema = (value: unknown): value is JsonSchema =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A `$ref` of the same document (`#`, `#/$defs/X`), or the schema itself. */
function resolved(schema: JsonSchema, root: JsonSchema): JsonSchema {
  const ref = schema.$ref;
  if (typeof ref !== "string" || !ref.startsWith("#")) return schema;
  let target: unknown = root;
  for (const part of ref.slice(1).split("/").filter(Boolean)) {
    target = isSchema(target) ? target[decodeURIComponent(part)] : undefined;
  }
  return isSchema(target) ? { ...target, ...schema, $ref: undefined } : schema;
}

const literal = (value: unknown) => JSON.stringify(value);

// Zod writes JavaScript's safe integer range on every `.int()`: not a rule worth reading.
const safeLimit = 9007199254740991;

const number = (value: number) => value.toLocaleString("en");

function rulesOf(schema: JsonSchema): string[] {
  const rules: string[] = [];
  if (typeof schema.format === "string") rules.push(schema.format);
  const between = (min: unknown, max: unknown, unit: string) => {
    const lo = typeof min === "number" && Math.abs(min) < safeLimit ? number(min) : null;
    const hi = typeof max === "number" && Math.abs(max) < safeLimit ? number(max) : null;
    if (lo !== null && hi !== null) rules.push(`${lo} to ${hi}${unit}`);
    else if (lo !== null) rules.push(`at least ${lo}${unit}`);
    else if (hi !== null) rules.push(`at most ${hi}${unit}`);
  };
  between(schema.minLength, schema.maxLength, " characters");
  between(schema.minimum, schema.maximum, "");
  between(schema.minItems, schema.maxItems, " items");
  if (typeof schema.exclusiveMinimum === "number") rules.push(`above ${schema.exclusiveMinimum}`);
  if (typeof schema.exclusiveMaximum === "number") rules.push(`below ${schema.exclusiveMaximum}`);
  if (schema.default !== undefined) rules.push(`default ${literal(schema.default)}`);
  return rules;
}

/** The tree of a schema (`root` resolves its `$ref`s; `depth` stops a recursive one). */
export function schemaTree(input: JsonSchema, root: JsonSchema = input, depth = 0): SchemaNode {
  const schema = resolved(input, root);
  const description = typeof schema.description === "string" ? schema.description : undefined;
  const base = { ...(description ? { description } : {}), rules: rulesOf(schema) };
  if (depth > 12) return { ...base, type: "…" };
  const child = (value: unknown) => schemaTree(isSchema(value) ? value : {}, root, depth + 1);

  if (schema.const !== undefined) return { ...base, type: literal(schema.const) };
  if (Array.isArray(schema.enum)) return { ...base, type: schema.enum.map(literal).join(" | ") };

  const alternatives = Array.isArray(schema.oneOf)
    ? schema.oneOf
    : Array.isArray(schema.anyOf)
      ? schema.anyOf
      : null;
  if (alternatives) {
    const nodes = alternatives.map(child);
    const nullable = nodes.some((node) => node.type === "null");
    const others = nodes.filter((node) => node.type !== "null");
    // `T | null` of one T reads as T, with "| null" on its type line.
    if (others.length === 1 && others[0]) {
      const only = others[0];
      return {
        ...only,
        ...(description ? { description } : {}),
        rules: [...only.rules, ...base.rules],
        type: nullable ? `${only.type} | null` : only.type,
      };
    }
    const structured = others.some((node) => node.properties || node.variants);
    const type = [...others.map((node) => node.type), ...(nullable ? ["null"] : [])].join(" | ");
    return structured
      ? { ...base, type: nullable ? "one of | null" : "one of", variants: others }
      : { ...base, type };
  }

  const types = Array.isArray(schema.type)
    ? schema.type.map(String)
    : typeof schema.type === "string"
      ? [schema.type]
      : [];
  if (types.includes("array") || schema.items !== undefined) {
    const items = child(schema.items);
    const simple = !items.properties && !items.variants && !items.items && !items.values;
    const rest = types.filter((type) => type !== "array");
    const type = [`array of ${items.variants ? "one of" : items.type}`, ...rest].join(" | ");
    return simple && items.rules.length === 0 && !items.description
      ? { ...base, type }
      : { ...base, type, items };
  }
  if (types.includes("object") || isSchema(schema.properties)) {
    const properties = isSchema(schema.properties) ? schema.properties : {};
    const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
    const names = Object.keys(properties);
    const node: SchemaNode = { ...base, type: types.join(" | ") || "object" };
    if (names.length > 0) {
      node.properties = names.map((name) => ({
        name,
        required: required.has(name),
        node: child(properties[name]),
      }));
    }
    if (isSchema(schema.additionalProperties)) {
      node.values = child(schema.additionalProperties);
      node.type = `map of ${node.values.properties ? "object" : node.values.type}`;
    }
    return node;
  }
  return { ...base, type: types.join(" | ") || "any" };
}
