import { readFileSync } from "node:fs";
import * as M from "@mantine/core";
import { describe, expect, it } from "vitest";
import { html, normalized, type Pair } from "./compare-markup.tsx";
import classes from "./fields.module.css";
import { NativeSelect, TextInput } from "./fields.tsx";
import { PasswordInput } from "./PasswordInput.tsx";

/**
 * The form fields of the sign-in screens (decision 024, issue 28): Mantine's markup for
 * the props they use. Mantine's responsive width is a `<style>` element and a generated
 * class; ours is a class of fields.module.css, whose rules are compared on their own.
 */
const widthClass = /__m__-[^\s"]+|_widthFromXs\d+_[0-9a-f]+/g;
const withoutWidthStyle = (markup: string) =>
  markup.replace(/<style data-mantine-styles="inline">.*?<\/style>/g, "").replace(widthClass, "W");

const regions = [
  { value: "DE", label: "Germany (+49)" },
  { value: "FR", label: "France (+33)" },
];

const pairs: Pair[] = [
  [
    "TextInput, required, with a description",
    <TextInput key="p" name="email" type="email" label="Email" description="Optional" required />,
    <M.TextInput key="m" name="email" type="email" label="Email" description="Optional" required />,
  ],
  [
    "TextInput, required, described, with an error and a flexible width",
    <TextInput
      key="p"
      name="phone"
      label="Phone number"
      description="Your mobile number"
      required
      error="Not a number"
      style={{ flex: "1 1 14rem" }}
    />,
    <M.TextInput
      key="m"
      name="phone"
      label="Phone number"
      description="Your mobile number"
      required
      error="Not a number"
      style={{ flex: "1 1 14rem" }}
    />,
  ],
  [
    "TextInput, disabled, 220 px from xs",
    <TextInput
      key="p"
      name="code"
      label="6-digit code"
      inputMode="numeric"
      pattern="[0-9]{6}"
      maxLength={6}
      required
      disabled
      widthFromXs={220}
    />,
    <M.TextInput
      key="m"
      name="code"
      label="6-digit code"
      inputMode="numeric"
      pattern="[0-9]{6}"
      maxLength={6}
      required
      disabled
      w={{ base: "100%", xs: 220 }}
    />,
  ],
  [
    "NativeSelect, 240 px from xs",
    <NativeSelect key="p" name="region" label="Country" data={regions} widthFromXs={240} />,
    <M.NativeSelect
      key="m"
      name="region"
      label="Country"
      data={regions}
      w={{ base: "100%", xs: 240 }}
    />,
  ],
  [
    "PasswordInput, required",
    <PasswordInput key="p" name="password" label="Password" autoComplete="new-password" required />,
    <M.PasswordInput
      key="m"
      name="password"
      label="Password"
      autoComplete="new-password"
      required
    />,
  ],
  [
    "PasswordInput with an error",
    <PasswordInput
      key="p"
      name="password"
      label="Password"
      autoComplete="current-password"
      required
      error="Wrong password"
    />,
    <M.PasswordInput
      key="m"
      name="password"
      label="Password"
      autoComplete="current-password"
      required
      error="Wrong password"
    />,
  ],
];

describe("the form fields, Mantine's markup without Mantine's runtime", () => {
  it.each(pairs)("%s renders what Mantine renders", (_name, plain, mantine) => {
    expect(normalized(withoutWidthStyle(html(plain, false)))).toBe(
      normalized(withoutWidthStyle(html(mantine, true))),
    );
  });

  it.each([220, 240] as const)(
    "the width of %i px from xs draws what Mantine's <style> draws",
    (px) => {
      const mantine = html(<M.TextInput label="x" w={{ base: "100%", xs: px }} />, true);
      const written = /<style data-mantine-styles="inline">(.*?)<\/style>/.exec(mantine)?.[1];
      const css = readFileSync(new URL("./fields.module.css", import.meta.url), "utf8");
      const name = `.widthFromXs${px}`;
      const ours = new RegExp(
        `\\${name}\\s*\\{[^}]*\\}\\s*@media[^{]*\\{\\s*\\${name}\\s*\\{[^}]*\\}\\s*\\}`,
      ).exec(css)?.[0];
      const squeezed = (rules: string | undefined) => rules?.replace(/\s+/g, "");
      expect(squeezed(ours?.replaceAll(name, ".W"))).toBe(
        squeezed(written?.replace(/\.__m__-[^{]+/g, ".W")),
      );
      expect(classes[`widthFromXs${px}`]).toBeTruthy();
    },
  );

  it("keeps a caller's aria-describedby beside the error's, which Mantine drops", () => {
    const markup = html(
      <PasswordInput name="p" label="Password" error="Too short" aria-describedby="rules" />,
      false,
    );
    expect(markup).toMatch(/aria-describedby="mantine-[^"]*-error rules"/);
  });
});
