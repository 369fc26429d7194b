import { encode } from "uqr";

/** The dark modules as one SVG path: one `h1v1h-1z` square per module, rows merged. */
function modulePath(modules: boolean[][]): string {
  let d = "";
  modules.forEach((row, y) => {
    let x = 0;
    while (x < row.length) {
      if (!row[x]) {
        x++;
        continue;
      }
      const start = x;
      while (x < row.length && row[x]) x++;
      d += `M${start} ${y}h${x - start}v1h-${x - start}z`;
    }
  });
  return d;
}

/**
 * A ticket's QR code, drawn as SVG from its token (the same on the server render and in
 * the browser). Always black on white with a 4-module quiet zone, in dark mode too:
 * scanners need the contrast. Error correction M: version 7 for a 120-character token.
 */
export function TicketQr({ token, label }: { token: string; label: string }) {
  const { data } = encode(token, { ecc: "M", border: 4 });
  const size = data.length;
  return (
    <svg
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={label}
      data-qr-token={token}
      shapeRendering="crispEdges"
      style={{ display: "block", width: "100%", height: "auto", background: "#fff" }}
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={modulePath(data)} fill="#000" />
    </svg>
  );
}
