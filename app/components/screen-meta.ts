import type { MetaDescriptor } from "react-router";
import { pageTitle } from "#contract/brand.ts";

/** A screen's `<title>` and, when given, its search-result description. */
export function screenMeta(title: string, description?: string): MetaDescriptor[] {
  return [
    { title: pageTitle(title) },
    ...(description ? [{ name: "description", content: description }] : []),
  ];
}
