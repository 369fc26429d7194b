/** A CSV file the browser downloads, never cached (it holds the business's money). */
export function csvResponse({ filename, csv }: { filename: string; csv: string }): Response {
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
