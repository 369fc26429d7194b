import type { MetaDescriptor } from "react-router";
import { pageTitle } from "~/brand";

/** A screen's `<title>` and, when given, its search-result description. */
export function screenMeta(title: string, description?: string): MetaDescriptor[] {
  return [
    { title: pageTitle(title) },
    ...(description ? [{ name: "description", content: description }] : []),
  ];
}
