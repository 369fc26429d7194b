import { describe, expect, it } from "vitest";
import { canonicalJson } from "./canonical-json.ts";

describe("canonical JSON", () => {
  it("writes equal objects alike whatever the order of their keys, at any depth", () => {
    const one = JSON.parse('{"b":1,"a":{"y":[1,{"q":2,"p":null}],"x":"s"}}');
    const two = JSON.parse('{"a":{"x":"s","y":[1,{"p":null,"q":2}]},"b":1}');
    expect(canonicalJson(one)).toBe(canonicalJson(two));
    expect(canonicalJson(one)).toBe('{"a":{"x":"s","y":[1,{"p":null,"q":2}]},"b":1}');
  });

  it("keeps the order of arrays and tells values apart", () => {
    expect(canonicalJson([1, 2])).not.toBe(canonicalJson([2, 1]));
    expect(canonicalJson({ a: "1" })).not.toBe(canonicalJson({ a: 1 }));
    expect(canonicalJson(null)).toBe("null");
  });
});
