/**
 * Stripe's request encoding (`a[b][0][c]=v`, form bodies and query strings alike) read back
 * into nested objects and arrays, as the `stripe` SDK writes them.
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type Form = { [key: string]: FormValue };

export function parseStripeForm(encoded: string): Form {
  const root: Form = {};
  for (const [rawKey, value] of new URLSearchParams(encoded)) {
    const head = rawKey.split("[")[0] ?? rawKey;
    const path = [head, ...[...rawKey.matchAll(/\[([^\]]*)\]/g)].map((match) => match[1] ?? "")];
    let node: Record<string, FormValue> | FormValue[] = root;
    for (let i = 0; i < path.length; i++) {
      const segment = path[i] ?? "";
      const last = i === path.length - 1;
      const key: string | number = Array.isArray(node)
        ? segment === ""
          ? node.length
          : Number(segment)
        : segment;
      if (last) {
        (node as Record<string | number, FormValue>)[key] = value;
        break;
      }
      const next = path[i + 1] ?? "";
      const existing: FormValue | undefined = (node as Record<string | number, FormValue>)[key];
      const child: FormValue[] | Record<string, FormValue> =
        existing && typeof existing === "object"
          ? existing
          : /^\d*$/.test(next)
            ? ([] as FormValue[])
            : ({} as Record<string, FormValue>);
      (node as Record<string | number, FormValue>)[key] = child;
      node = child;
    }
  }
  return root;
}

/** A field as text (undefined when absent or empty, as the SDK sends unset values). */
export function text(form: Form | FormValue | undefined, key: string): string | undefined {
  if (!form || typeof form !== "object" || Array.isArray(form)) return undefined;
  const value = form[key];
  return typeof value === "string" && value !== "" ? value : undefined;
}

export function int(form: Form | FormValue | undefined, key: string): number | undefined {
  const value = text(form, key);
  return value === undefined ? undefined : Number.parseInt(value, 10);
}

export function obj(form: Form | FormValue | undefined, key: string): Form {
  if (!form || typeof form !== "object" || Array.isArray(form)) return {};
  const value = form[key];
  return value && typeof value === "object" && !Array.isArray(value) ? value : {};
}

export function list(form: Form | FormValue | undefined, key: string): FormValue[] {
  if (!form || typeof form !== "object" || Array.isArray(form)) return [];
  const value = form[key];
  if (Array.isArray(value)) return value.filter((item) => item !== undefined);
  if (value && typeof value === "object") return Object.values(value);
  return typeof value === "string" ? [value] : [];
}

/** Metadata as Stripe keeps it: string values only. */
export function metadataOf(
  form: Form | FormValue | undefined,
  key = "metadata",
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(obj(form, key))) {
    if (typeof value === "string") out[name] = value;
  }
  return out;
}
