/**
 * The current video frame as pixels, through one canvas kept for the whole session and
 * marked for frequent reads (kept in memory, not on the GPU): the reader would otherwise
 * make a new canvas for every frame and read it back from the GPU, the largest part of a
 * frame's cost (bench/scanner-decode.ts). No frame yet (the video still loading): null.
 */
export function createFrameGrabber(): (video: HTMLVideoElement) => ImageData | null {
  let canvas: HTMLCanvasElement | null = null;
  let context: CanvasRenderingContext2D | null = null;
  return (video) => {
    const { videoWidth: width, videoHeight: height } = video;
    if (video.readyState < 2 || width === 0 || height === 0) return null;
    if (!canvas) {
      canvas = document.createElement("canvas");
      context = canvas.getContext("2d", { willReadFrequently: true });
    }
    if (!context) return null;
    if (canvas.width !== width || canvas.height !== height) {
      canvas.width = width;
      canvas.height = height;
    }
    context.drawImage(video, 0, 0, width, height);
    return context.getImageData(0, 0, width, height);
  };
}
