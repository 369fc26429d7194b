/** `1250, "EUR"` → "€12.50"; 0 → "Free" (as the pages write prices). */
export function formatTotal(minor: number, currency: string): string {
  if (minor === 0) return "Free";
  return new Intl.NumberFormat("en-GB", { style: "currency", currency }).format(minor / 100);
}

/** "1 ticket", "2 tickets". */
export function ticketCount(count: number): string {
  return `${count} ticket${count === 1 ? "" : "s"}`;
}
