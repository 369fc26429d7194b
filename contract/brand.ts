/** The product's name as people see it: header, page titles, texts. */
export const brandName = "Tickets";

/** A screen's document title: "Sign in · Tickets". */
export function pageTitle(screen: string): string {
  return `${screen} · ${brandName}`;
}
