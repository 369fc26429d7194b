import { describe, expect, expectTypeOf, it } from "vitest";
import { type Callable, callable, callableClient, type TestFunctions } from "./callable.ts";

// These expectations are checked by `tsc` (and so by CI): a `@ts-expect-error` that no
// longer finds an error fails the type check.

describe("callable's types", () => {
  it("refuses names that are not functions of the map, and data of the wrong shape", () => {
    const fn = callableClient<TestFunctions>();
    const compileOnly = () => {
      // @ts-expect-error: not a function of the application
      callable("no.such.function");
      // @ts-expect-error: not a test function either
      fn("test.nope");
      // @ts-expect-error: text must be a string
      fn("test.echo")({ text: 1 });
      // @ts-expect-error: test.echo needs data
      fn("test.echo")();
      // @ts-expect-error: the map and name as type arguments check the data too
      callable<TestFunctions, "test.slow">("test.slow")({ ms: "soon" });
    };
    expect(compileOnly).toBeTypeOf("function");
  });

  it("types the result after the function's handler", () => {
    const fn = callableClient<TestFunctions>();
    expectTypeOf(fn("test.whoami")).toEqualTypeOf<Callable<TestFunctions["test.whoami"]>>();
    expectTypeOf<ReturnType<ReturnType<typeof fn<"test.whoami">>>>().resolves.toEqualTypeOf<{
      userId: string;
      roles: readonly string[];
    }>();
    expectTypeOf<
      ReturnType<ReturnType<typeof fn<"test.slow">>["stream"]>["data"]
    >().resolves.toEqualTypeOf<{ waited: number; aborted: boolean }>();
  });

  it("returns a function with a stream variant without sending anything", () => {
    const echo = callable<TestFunctions, "test.echo">("test.echo", { baseUrl: "http://x" });
    expect(echo).toBeTypeOf("function");
    expect(echo.stream).toBeTypeOf("function");
  });
});
