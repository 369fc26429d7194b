/** The home page's filters, as named in its URL (`?q=jazz&category=music&from=…&to=…`). */
export const filterNames = ["q", "category", "from", "to"] as const;
