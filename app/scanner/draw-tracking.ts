import type { DetectedCode } from "./scan-loop.ts";

/** The part of a canvas 2D context the overlay uses. */
export type OverlayContext = Pick<
  CanvasRenderingContext2D,
  | "clearRect"
  | "strokeRect"
  | "beginPath"
  | "arc"
  | "fill"
  | "lineWidth"
  | "strokeStyle"
  | "fillStyle"
>;

/**
 * The tracking overlay: each code's bounding box and its four corner points, drawn on a
 * canvas the size of the video frame (so the detector's pixel coordinates fit as they are).
 */
export function drawTracking(
  context: OverlayContext,
  size: { width: number; height: number },
  codes: readonly DetectedCode[],
): void {
  context.clearRect(0, 0, size.width, size.height);
  const unit = Math.max(2, Math.round(Math.min(size.width, size.height) / 160));
  context.lineWidth = unit;
  context.strokeStyle = "#00e676";
  context.fillStyle = "#ff1744";
  for (const code of codes) {
    const box = code.boundingBox;
    context.strokeRect(box.x, box.y, box.width, box.height);
    for (const point of code.cornerPoints) {
      context.beginPath();
      context.arc(point.x, point.y, unit * 2, 0, 2 * Math.PI);
      context.fill();
    }
  }
}
