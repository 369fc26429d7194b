import { readFileSync } from "node:fs";
import { describe, expect, it, vi } from "vitest";
import {
  BarcodeFormatError,
  checkBarcodeFormats,
  KNOWN_BARCODE_FORMATS,
} from "./barcode-formats.ts";
import { doorDeviceId, randomId } from "./door-device.ts";
import { drawTracking, type OverlayContext } from "./draw-tracking.ts";
import { droppedImage, droppedImageUrl } from "./dropped-image.ts";
import {
  classifyDetectError,
  DropImageFetchError,
  ImageDecodeError,
  scannerErrorMessage,
} from "./scanner-errors.ts";

const packageOf = (name: string) =>
  JSON.parse(
    readFileSync(new URL(`../../node_modules/${name}/package.json`, import.meta.url), "utf8"),
  ) as { version: string; dependencies?: Record<string, string> };

describe("the formats rule", () => {
  it("defaults to qr_code", () => {
    expect(checkBarcodeFormats()).toEqual(["qr_code"]);
  });
  it("refuses an empty list", () => {
    expect(() => checkBarcodeFormats([])).toThrow(BarcodeFormatError);
    expect(() => checkBarcodeFormats([])).toThrow("may not be empty");
  });
  it("refuses an unknown format, and accepts every known one", () => {
    expect(() => checkBarcodeFormats(["qr_code", "qr"])).toThrow('Unknown barcode format: "qr"');
    expect(() => checkBarcodeFormats(["unknown"])).toThrow(BarcodeFormatError);
    expect(checkBarcodeFormats([...KNOWN_BARCODE_FORMATS])).toHaveLength(21);
    expect(checkBarcodeFormats(["ean_13", "ean_13", "code_128"])).toEqual(["ean_13", "code_128"]);
  });
});

describe("the reader", () => {
  it("runs the ponyfill on the zxing-wasm it pins, whose defaults are the spec's reader options", async () => {
    expect(packageOf("barcode-detector").dependencies?.["zxing-wasm"]).toBe(
      packageOf("zxing-wasm").version,
    );
    const { defaultReaderOptions } = await import("zxing-wasm/reader");
    const { READER_OPTIONS } = await import("./code-detector.ts");
    for (const [option, value] of Object.entries(READER_OPTIONS)) {
      expect({
        option,
        value: defaultReaderOptions[option as keyof typeof defaultReaderOptions],
      }).toEqual({ option, value });
    }
  });
});

describe("image errors", () => {
  it("names a failed decode, a closed or detached source, and a tainting one", () => {
    const cases = [
      ["Failed to load or decode Blob.", "InvalidStateError", "decode"],
      ["VideoFrame is closed.", "InvalidStateError", "closed"],
      ["The image source is detached.", "InvalidStateError", "detached"],
      ["The image data has been detached.", "InvalidStateError", "detached"],
      ["Source would taint origin.", "SecurityError", "taint"],
    ] as const;
    for (const [message, name, kind] of cases) {
      const error = classifyDetectError(
        new DOMException(`Failed to execute 'detect': ${message}`, name),
      );
      expect(error).toBeInstanceOf(ImageDecodeError);
      expect((error as ImageDecodeError).kind).toBe(kind);
    }
    expect(scannerErrorMessage(new ImageDecodeError("taint"))).toContain("taint");
  });
  it("words the camera's refusal", () => {
    expect(scannerErrorMessage(new DOMException("x", "NotAllowedError"))).toContain(
      "Camera access was refused",
    );
  });
});

function transfer(data: Record<string, string>, files: Blob[] = []) {
  return { files, getData: (type: string) => data[type] ?? "" };
}

describe("a dropped image", () => {
  const page = "https://door.example/team_coordinator/check_in/scanner/e1";

  it("is the dropped file when there is one", async () => {
    const file = new Blob(["png"], { type: "image/png" });
    expect(await droppedImage(transfer({}, [file]), page)).toBe(file);
  });

  it("from another host is refused with DropImageFetchError, without fetching it", async () => {
    const fetchImage = vi.fn();
    await expect(
      droppedImage(
        transfer({ "text/uri-list": "https://elsewhere.example/qr.png" }),
        page,
        fetchImage,
      ),
    ).rejects.toBeInstanceOf(DropImageFetchError);
    await expect(
      droppedImage(
        transfer({ "text/html": '<img alt="" src="http://door.example:8080/qr.png">' }),
        page,
        fetchImage,
      ),
    ).rejects.toThrow("cross-origin dropped image");
    expect(fetchImage).not.toHaveBeenCalled();
  });

  it("from this origin is fetched", async () => {
    const image = new Blob(["png"]);
    const fetchImage = vi.fn(async () => new Response(image));
    const got = await droppedImage(
      transfer({ "text/uri-list": "/event-images/1.png" }),
      page,
      fetchImage,
    );
    expect(fetchImage).toHaveBeenCalledWith("https://door.example/event-images/1.png");
    expect(await got.text()).toBe("png");
  });

  it("finds the URL in a uri-list (skipping comments), an img tag or plain text", () => {
    expect(droppedImageUrl(transfer({ "text/uri-list": "# c\r\nhttps://a/b.png" }))).toBe(
      "https://a/b.png",
    );
    expect(droppedImageUrl(transfer({ "text/plain": "hello" }))).toBeNull();
  });
});

describe("the tracking overlay", () => {
  it("draws each code's bounding box and its four corner points", () => {
    const calls: string[] = [];
    const context = {
      clearRect: () => calls.push("clear"),
      strokeRect: (x: number, y: number, w: number, h: number) =>
        calls.push(`box ${x},${y},${w},${h}`),
      beginPath: () => {},
      arc: (x: number, y: number) => calls.push(`point ${x},${y}`),
      fill: () => {},
      lineWidth: 0,
      strokeStyle: "",
      fillStyle: "",
    } as unknown as OverlayContext;
    drawTracking(context, { width: 640, height: 480 }, [
      {
        rawValue: "x",
        format: "qr_code",
        boundingBox: { x: 10, y: 20, width: 100, height: 110 },
        cornerPoints: [
          { x: 10, y: 20 },
          { x: 110, y: 22 },
          { x: 108, y: 130 },
          { x: 12, y: 128 },
        ],
      },
    ]);
    expect(calls).toEqual([
      "clear",
      "box 10,20,100,110",
      "point 10,20",
      "point 110,22",
      "point 108,130",
      "point 12,128",
    ]);
  });
});

describe("ids", () => {
  it("makes v4 UUIDs without crypto.randomUUID (a non-secure page)", () => {
    const saved = crypto.randomUUID;
    Object.defineProperty(crypto, "randomUUID", { value: undefined, configurable: true });
    try {
      expect(randomId()).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
    } finally {
      Object.defineProperty(crypto, "randomUUID", { value: saved, configurable: true });
    }
  });

  it("keeps one device id per browser", () => {
    const stored = new Map<string, string>();
    const storage = {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => void stored.set(key, value),
    };
    const first = doorDeviceId(storage);
    expect(first).toMatch(/^scanner-[0-9a-f]{8}$/);
    expect(doorDeviceId(storage)).toBe(first);
    expect(doorDeviceId(null)).not.toBe(first);
  });
});
