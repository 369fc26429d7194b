import { describe, expect, it } from "vitest";
import { z } from "zod";
import { schemaTree } from "./schema-tree.ts";

const json = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;

describe("a JSON Schema as the reference's tree", () => {
  it("lists an object's properties with their types, required or not, enums and rules", () => {
    const tree = schemaTree(
      json(
        z.object({
          eventId: z.uuid().describe("The event's id."),
          page: z.number().int().min(1).optional(),
          status: z.enum(["draft", "published"]),
          name: z.string().min(1).max(60),
          endsAt: z.iso.datetime().nullable(),
        }),
      ),
    );
    expect(tree.type).toBe("object");
    expect(tree.properties).toEqual([
      {
        name: "eventId",
        required: true,
        node: { type: "string", description: "The event's id.", rules: ["uuid"] },
      },
      // The safe-integer bound zod writes for `.int()` is not shown.
      { name: "page", required: false, node: { type: "integer", rules: ["at least 1"] } },
      { name: "status", required: true, node: { type: '"draft" | "published"', rules: [] } },
      { name: "name", required: true, node: { type: "string", rules: ["1 to 60 characters"] } },
      { name: "endsAt", required: true, node: { type: "string | null", rules: ["date-time"] } },
    ]);
  });

  it("nests arrays of objects, unions of objects and maps", () => {
    const tree = schemaTree(
      json(
        z.object({
          tags: z.array(z.string()),
          items: z.array(z.object({ id: z.string(), quantity: z.number().max(1_000_000) })).max(20),
          discount: z.discriminatedUnion("kind", [
            z.object({ kind: z.literal("percent"), percent: z.number() }),
            z.object({ kind: z.literal("none") }),
          ]),
          counts: z.record(z.string(), z.number()),
        }),
      ),
    );
    const [tags, items, discount, counts] = tree.properties ?? [];
    expect(tags?.node).toEqual({ type: "array of string", rules: [] });
    expect(items?.node.type).toBe("array of object");
    expect(items?.node.rules).toEqual(["at most 20 items"]);
    expect(
      items?.node.items?.properties?.map((p) => [p.name, p.node.type, p.node.rules.join()]),
    ).toEqual([
      ["id", "string", ""],
      ["quantity", "number", "at most 1,000,000"],
    ]);
    expect(discount?.node.type).toBe("one of");
    expect(discount?.node.variants?.map((v) => v.properties?.[0]?.node.type)).toEqual([
      '"percent"',
      '"none"',
    ]);
    expect(counts?.node.type).toBe("map of number");
  });

  it("reads nothing as null, and follows $refs without looping", () => {
    expect(schemaTree(json(z.null().optional())).type).toBe("null");
    const tree = schemaTree({
      type: "object",
      properties: { node: { $ref: "#/$defs/Node" } },
      $defs: {
        Node: {
          type: "object",
          properties: {
            name: { type: "string" },
            children: { type: "array", items: { $ref: "#/$defs/Node" } },
          },
        },
      },
    });
    const node = tree.properties?.[0]?.node;
    expect(node?.properties?.map((p) => p.name)).toEqual(["name", "children"]);
    expect(node?.properties?.[1]?.node.type).toBe("array of object");
  });
});
