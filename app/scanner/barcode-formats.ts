/** The formats the scanner may be asked to read (seed spec, section 5). */
export const KNOWN_BARCODE_FORMATS = [
  "aztec",
  "code_128",
  "code_39",
  "code_93",
  "codabar",
  "databar",
  "databar_expanded",
  "data_matrix",
  "dx_film_edge",
  "ean_13",
  "ean_8",
  "itf",
  "maxi_code",
  "micro_qr_code",
  "pdf417",
  "qr_code",
  "rm_qr_code",
  "upc_a",
  "upc_e",
  "linear_codes",
  "matrix_codes",
] as const;

export type KnownBarcodeFormat = (typeof KNOWN_BARCODE_FORMATS)[number];

/** Tickets carry a QR code: what the scanner reads when nothing else is asked. */
export const DEFAULT_BARCODE_FORMATS: readonly KnownBarcodeFormat[] = ["qr_code"];

export class BarcodeFormatError extends TypeError {
  override name = "BarcodeFormatError";
}

const known = new Set<string>(KNOWN_BARCODE_FORMATS);

/**
 * The formats rule: none given means the default (`qr_code`); a list given may not be
 * empty, and each entry must be a known format.
 */
export function checkBarcodeFormats(formats?: readonly string[]): KnownBarcodeFormat[] {
  if (formats === undefined) return [...DEFAULT_BARCODE_FORMATS];
  if (formats.length === 0) {
    throw new BarcodeFormatError("The list of barcode formats may not be empty.");
  }
  for (const format of formats) {
    if (!known.has(format)) {
      throw new BarcodeFormatError(`Unknown barcode format: ${JSON.stringify(format)}.`);
    }
  }
  return [...new Set(formats)] as KnownBarcodeFormat[];
}
