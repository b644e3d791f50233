import { useEffect, useRef, useState, type PointerEvent } from "react";
import { TransformComponent, TransformWrapper, type ReactZoomPanPinchRef } from "react-zoom-pan-pinch";
import { usePreparingMedia } from "../api/use-preparing-media";
import type { MemoryViewerMedia, MemoryViewerMemory } from "./memory-viewer-types";
import styles from "./viewer-media.module.css";

/** What a video shows while the server makes its playable copy, and when that failed (docs/decisions/034-media-formats.md). */
export const VIDEO_PREPARING = "Preparing video…";
export const VIDEO_FAILED = "This video could not be prepared for playing. You can replace it from Edit Memory.";

/** How far (px) a mostly vertical swipe down on the media must travel to close the viewer. */
export const SWIPE_DOWN_CLOSE_PX = 80;
/** Two taps (or clicks) this close in time (ms) and space (px) are a double tap. */
const DOUBLE_TAP_MS = 300;
const DOUBLE_TAP_SLOP = 24;
/** How far a double tap zooms in. */
const DOUBLE_TAP_SCALE = 2.5;
/** The bottom band of a video where its own controls (the seek bar) take horizontal drags. */
export const VIDEO_CONTROLS_BAND_PX = 56;

interface ViewerMediaProps {
  memory: MemoryViewerMemory;
  /** Which of the memory's photos and videos to show; its cover when not given. */
  media?: MemoryViewerMedia;
  label: string;
  /** Only the current slide plays, keeps its zoom and takes gestures. */
  active: boolean;
  /** Far slides render an empty frame; the current one and its neighbours load their media. */
  load: boolean;
  onZoomedChange: (zoomed: boolean) => void;
  onSwipeDown: () => void;
}

/**
 * A memory's photo (pinch, double-tap or double-click to zoom, drag to pan while zoomed, through
 * react-zoom-pan-pinch) or video (inline, with its poster), full width. A mostly vertical swipe
 * down while not zoomed closes the viewer (docs/decisions/018-viewer-and-strip.md).
 */
export function ViewerMedia({
  memory,
  media = memory.media,
  label,
  active,
  load,
  onZoomedChange,
  onSwipeDown,
}: ViewerMediaProps) {
  const [zoomed, setZoomed] = useState(false);
  const zoomRef = useRef<ReactZoomPanPinchRef>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const start = useRef<{ x: number; y: number; id: number } | null>(null);
  const lastTap = useRef<{ x: number; y: number; time: number } | null>(null);

  // Leaving a slide resets its zoom and pauses its video.
  useEffect(() => {
    if (active) return;
    void zoomRef.current?.resetTransform(0);
    videoRef.current?.pause();
    setZoomed(false);
  }, [active]);

  const setZoom = (next: boolean) => {
    setZoomed((current) => {
      if (current !== next) onZoomedChange(next);
      return next;
    });
  };

  const onPointerDown = (event: PointerEvent) => {
    if (!event.isPrimary) return;
    start.current = { x: event.clientX, y: event.clientY, id: event.pointerId };
  };
  const onPointerUp = (event: PointerEvent) => {
    const from = start.current;
    start.current = null;
    if (!from || from.id !== event.pointerId || zoomed || !active) return;
    const dx = event.clientX - from.x;
    const dy = event.clientY - from.y;
    if (dy > SWIPE_DOWN_CLOSE_PX && dy > Math.abs(dx) * 2) onSwipeDown();
  };

  /**
   * Double tap or double click: zoom in on that point, or back out. Detected here rather than by
   * the zoom library, whose own touch double tap is cut short by its end-of-touch alignment; the
   * zoom starts after the touch has ended for the same reason.
   */
  const onTap = (event: PointerEvent) => {
    if (media.type !== "IMAGE" || !active) return;
    const now = event.timeStamp;
    const previous = lastTap.current;
    const near =
      previous &&
      now - previous.time < DOUBLE_TAP_MS &&
      Math.hypot(event.clientX - previous.x, event.clientY - previous.y) < DOUBLE_TAP_SLOP;
    if (!near) {
      lastTap.current = { x: event.clientX, y: event.clientY, time: now };
      return;
    }
    lastTap.current = null;
    const zoom = zoomRef.current;
    const wrapper = zoom?.instance.wrapperComponent;
    if (!zoom || !wrapper) return;
    const box = wrapper.getBoundingClientRect();
    const x = event.clientX - box.left;
    const y = event.clientY - box.top;
    window.setTimeout(() => {
      if (zoom.instance.state.scale > 1.01) void zoom.resetTransform(200);
      else void zoom.setTransform(-x * (DOUBLE_TAP_SCALE - 1), -y * (DOUBLE_TAP_SCALE - 1), DOUBLE_TAP_SCALE, 200);
    }, 0);
  };

  const ratio = media.width && media.height ? `${media.width} / ${media.height}` : undefined;
  return (
    <div
      className={styles.frame}
      data-viewer-frame
      style={{ aspectRatio: ratio }}
      data-zoomed={zoomed || undefined}
      onPointerDown={onPointerDown}
      onPointerUp={(event) => {
        const from = start.current;
        const still = from && Math.hypot(event.clientX - from.x, event.clientY - from.y) < 10;
        onPointerUp(event);
        if (still) onTap(event);
      }}
      onPointerCancel={() => {
        start.current = null;
      }}
    >
      {!load ? null : media.type === "VIDEO" && !media.url ? (
        <VideoNotReady memory={memory} media={media} label={label} />
      ) : media.type === "VIDEO" ? (
        <video
          ref={videoRef}
          className={styles.media}
          src={media.url ?? undefined}
          poster={media.posterUrl ?? undefined}
          controls
          playsInline
          preload="metadata"
          aria-label={label}
        />
      ) : (
        <TransformWrapper
          ref={zoomRef}
          minScale={1}
          maxScale={4}
          disabled={!active}
          doubleClick={{ disabled: true }}
          wheel={{ disabled: true }}
          panning={{ disabled: !zoomed, velocityDisabled: true }}
          onTransform={(_ref, state) => setZoom(state.scale > 1.01)}
        >
          <TransformComponent wrapperClass={styles.zoomWrapper} contentClass={styles.zoomContent}>
            <img
              className={styles.media}
              src={media.url ?? undefined}
              alt={label}
              width={media.width ?? undefined}
              height={media.height ?? undefined}
              draggable={false}
              decoding="async"
            />
          </TransformComponent>
        </TransformWrapper>
      )}
    </div>
  );
}

/** A video whose playable copy the server is making (asked again until it is there), or could not make. */
function VideoNotReady({
  memory,
  media,
  label,
}: {
  memory: MemoryViewerMemory;
  media: MemoryViewerMedia;
  label: string;
}) {
  const failed = media.status === "FAILED";
  usePreparingMedia(memory.id, !failed);
  return (
    <div className={styles.notReady}>
      {media.posterUrl ? <img className={styles.media} src={media.posterUrl} alt={label} draggable={false} /> : null}
      <p className={styles.notReadyNote} role="status">
        {failed ? VIDEO_FAILED : VIDEO_PREPARING}
      </p>
    </div>
  );
}
