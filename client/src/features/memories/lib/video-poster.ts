/** Longest side of a captured poster frame (the server keeps a ≤ 1600 px display variant). */
const MAX_POSTER_SIDE = 1600;

/**
 * Captures a frame of a video file in the browser (docs/decisions/004-media-pipeline.md: the server has no ffmpeg): the
 * video is loaded into a <video>, seeked to ~0.1 s, drawn on a canvas and encoded as JPEG.
 * Resolves to null when the browser cannot decode the video (the memory is saved without one).
 */
export function captureVideoPoster(file: File, atSeconds = 0.1, timeoutMs = 15_000): Promise<File | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const video = document.createElement("video");
    let settled = false;

    const finish = (poster: File | null) => {
      if (settled) return;
      settled = true;
      window.clearTimeout(timer);
      video.removeAttribute("src");
      video.load();
      URL.revokeObjectURL(url);
      resolve(poster);
    };
    const timer = window.setTimeout(() => finish(null), timeoutMs);

    video.muted = true;
    video.playsInline = true;
    video.preload = "auto";
    video.addEventListener("error", () => finish(null));
    video.addEventListener("loadedmetadata", () => {
      const duration = Number.isFinite(video.duration) ? video.duration : atSeconds;
      video.currentTime = Math.min(atSeconds, duration / 2);
    });
    video.addEventListener("seeked", () => {
      const width = video.videoWidth;
      const height = video.videoHeight;
      if (!width || !height) return finish(null);
      const scale = Math.min(1, MAX_POSTER_SIDE / Math.max(width, height));
      const canvas = document.createElement("canvas");
      canvas.width = Math.round(width * scale);
      canvas.height = Math.round(height * scale);
      const context = canvas.getContext("2d");
      if (!context) return finish(null);
      context.drawImage(video, 0, 0, canvas.width, canvas.height);
      canvas.toBlob(
        (blob) => finish(blob ? new File([blob], "poster.jpg", { type: "image/jpeg" }) : null),
        "image/jpeg",
        0.85,
      );
    });
    video.src = url;
  });
}
