import useEmblaCarousel from "embla-carousel-react";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { CloseIcon } from "../../../components/ui/icons";
import { usePrefersReducedMotion } from "../../../lib/use-reduced-motion";
import { useModalFocus } from "../../../lib/use-modal-focus";
import type { MemoryViewerMemory, MemoryViewerTheme } from "./memory-viewer-types";
import styles from "./memory-viewer.module.css";
import { useGrowFromOpener } from "./use-grow-from-opener";
import { useWideViewer } from "./use-wide-viewer";
import { slideAfterKeys, type ViewerKey } from "./viewer-keys";
import { VIDEO_CONTROLS_BAND_PX } from "./viewer-media";
import { ViewerSlide } from "./viewer-slide";
import { viewerSlides } from "./viewer-slides";
import { ViewerStepButton } from "./viewer-step-button";

export type { MemoryViewerMemory, MemoryViewerTheme } from "./memory-viewer-types";

/** How long the closing transition runs before the viewer unmounts (none under reduced motion). */
export const VIEWER_CLOSE_MS = 180;

interface MemoryViewerProps {
  /** The memories in the order of the list that opened the viewer (the strip's, the journal's). */
  memories: readonly MemoryViewerMemory[];
  /** The memory to show first. */
  startId: string;
  /** teal: the app's timelines; rose: Memories; blue: the public profile (docs/product.md §2). */
  theme?: MemoryViewerTheme;
  onClose: () => void;
  /** Shows "Edit Memory" on memories with `canEdit` (docs/product.md §2, §6). */
  onEdit?: (memory: MemoryViewerMemory) => void;
  /** The memory shown, at opening and after each move (the screen keeps it in its URL). */
  onShow?: (memory: MemoryViewerMemory) => void;
  /** How many memories the whole list holds, when `memories` are only its pages read so far. */
  total?: number;
  /** Near the last memory read: the list reads its next page (the viewer grows with it). */
  onNearEnd?: () => void;
  /** ← → pressed while the viewer's code was loading (lazy-memory-viewer.tsx), applied at opening. */
  keysBeforeOpen?: readonly ViewerKey[];
}

function isTypingTarget(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT|VIDEO)$/.test(target.tagName))
  );
}

/**
 * The full-screen memory viewer (docs/product.md §2, docs/decisions/018-viewer-and-strip.md): a
 * carousel (embla-carousel) of the memories in their list's order, a slide for each of a memory's
 * photos and videos (docs/decisions/051-several-photos-per-memory.md). Swipe or the ← → keys move
 * through a memory's photos, then on to the next memory; the previous/next buttons go from memory
 * to memory; "2 / 3" says which memory, dots on the media which photo; Escape, the close button or a swipe down on
 * the media close it, and focus returns to what opened it. On a near-black ground; the photo grows
 * from the circle that opened it; either end answers with a bounce; from 960 px previous/next sit
 * beside the photo (docs/decisions/059-immersive-viewer.md). Transitions are off under
 * prefers-reduced-motion.
 */
export function MemoryViewer({
  memories,
  startId,
  theme = "teal",
  onClose,
  onEdit,
  onShow,
  total,
  onNearEnd,
  keysBeforeOpen = [],
}: MemoryViewerProps) {
  const baseId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const overlayRef = useRef<HTMLDivElement>(null);
  const reducedMotion = usePrefersReducedMotion();
  const wide = useWideViewer();
  const slides = viewerSlides(memories);
  const startIndex = slideAfterKeys(
    Math.max(
      0,
      slides.findIndex((slide) => slide.memory.id === startId),
    ),
    keysBeforeOpen,
    slides.length,
  );
  const [index, setIndex] = useState(startIndex);
  const [zoomed, setZoomed] = useState(false);
  const [closing, setClosing] = useState(false);
  // trying to go past either end: a short elastic nudge of the photo (none under reduced motion)
  const [bounce, setBounce] = useState<"start" | "end" | null>(null);
  const count = memories.length;
  const slideCount = slides.length;
  const currentSlide = Math.min(index, slideCount - 1);
  // the memory shown: the one of the current slide
  const current = slides[currentSlide]?.memoryIndex ?? 0;

  const zoomedRef = useRef(zoomed);
  useEffect(() => {
    zoomedRef.current = zoomed;
  });
  // Zoomed photos pan instead; a video's own controls keep their drags. Stable, so embla's
  // options compare equal between renders and the carousel is not re-initialised.
  const watchDrag = useCallback((_api: unknown, event: MouseEvent | TouchEvent) => {
    if (zoomedRef.current) return false;
    const target = event.target;
    if (target instanceof HTMLVideoElement && "clientY" in event) {
      const box = target.getBoundingClientRect();
      if (event.clientY > box.bottom - VIDEO_CONTROLS_BAND_PX) return false;
    }
    return true;
  }, []);
  const [emblaRef, embla] = useEmblaCarousel({ startIndex, containScroll: false, duration: 22, watchDrag });

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setIndex(embla.selectedScrollSnap());
    embla.on("select", onSelect);
    return () => {
      embla.off("select", onSelect);
    };
  }, [embla]);

  const shown = memories[current];
  const onShowRef = useRef(onShow);
  useEffect(() => {
    onShowRef.current = onShow;
  });
  useEffect(() => {
    if (shown) onShowRef.current?.(shown);
  }, [shown]);
  // near the end of what is read: the next page, asked for once per count (once per page read)
  const nearEnd = current >= count - 2;
  const onNearEndRef = useRef(onNearEnd);
  useEffect(() => {
    onNearEndRef.current = onNearEnd;
  });
  useEffect(() => {
    if (nearEnd) onNearEndRef.current?.();
  }, [nearEnd, count]);

  const close = useCallback(() => {
    if (reducedMotion) return onClose();
    setClosing(true);
  }, [onClose, reducedMotion]);

  useEffect(() => {
    if (!closing) return;
    const timer = window.setTimeout(onClose, VIEWER_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [closing, onClose]);

  useGrowFromOpener(overlayRef, reducedMotion);
  useModalFocus(dialogRef, { onEscape: close, initialFocus: "[data-autofocus]" });

  const bounceAt = useCallback(
    (next: number) => {
      if (!reducedMotion) setBounce(next < 0 ? "start" : "end");
    },
    [reducedMotion],
  );
  /** To a slide: one of a memory's photos. */
  const goSlide = useCallback(
    (next: number) => {
      if (next < 0 || next >= slideCount) return bounceAt(next);
      embla?.scrollTo(next, reducedMotion);
      setIndex(next);
      setZoomed(false);
    },
    [embla, slideCount, reducedMotion, bounceAt],
  );
  /** To a memory: its first photo. */
  const go = useCallback(
    (next: number) => {
      if (next < 0 || next >= count) return bounceAt(next);
      goSlide(slides.findIndex((slide) => slide.memoryIndex === next));
    },
    [goSlide, slides, count, bounceAt],
  );

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey || isTypingTarget(event.target)) return;
      if (event.key === "ArrowLeft") goSlide(currentSlide - 1);
      else if (event.key === "ArrowRight") goSlide(currentSlide + 1);
      else return;
      event.preventDefault();
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [goSlide, currentSlide]);

  if (count === 0) return null;
  // "x / n" counts the whole list, also the pages not read yet
  const all = Math.max(count, total ?? 0);
  const position = `${current + 1} / ${all}`;
  const captionId = (i: number) => `${baseId}-caption-${i}`;
  const previous = <ViewerStepButton step={-1} atEdge={current === 0} onStep={() => go(current - 1)} side={wide} />;
  const next = <ViewerStepButton step={1} atEdge={current === count - 1} onStep={() => go(current + 1)} side={wide} />;

  return createPortal(
    <div
      ref={overlayRef}
      className={styles.overlay}
      data-theme={theme}
      data-closing={closing || undefined}
      data-reduced-motion={reducedMotion || undefined}
    >
      <div
        ref={dialogRef}
        className={styles.dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${captionId(current)}${slides[currentSlide]?.item.index ? `-${slides[currentSlide]!.item.index}` : ""}`}
        aria-roledescription="carousel"
        tabIndex={-1}
        data-testid="memory-viewer"
      >
        <div className={styles.topBar}>
          {all > 1 ? (
            <div className={styles.nav}>
              {wide ? null : previous}
              <p className={styles.position} aria-live="polite" data-testid="viewer-position">
                {position}
              </p>
              {wide ? null : next}
            </div>
          ) : (
            <span />
          )}
          <button type="button" className={styles.close} onClick={close} aria-label="Close" data-autofocus>
            <CloseIcon />
          </button>
        </div>

        <div className={styles.stage} data-wide={wide || undefined}>
          {wide && all > 1 ? previous : null}
          <div
            className={styles.viewport}
            ref={emblaRef}
            data-viewer-viewport
            data-bounce={bounce ?? undefined}
            onAnimationEnd={(event) => {
              if (event.target === event.currentTarget) setBounce(null);
            }}
          >
            <div className={styles.track}>
              {slides.map((slide, s) => (
                <ViewerSlide
                  key={slide.key}
                  memory={slide.memory}
                  media={slide.media}
                  item={slide.item}
                  captionId={`${captionId(slide.memoryIndex)}${slide.item.index ? `-${slide.item.index}` : ""}`}
                  position={`${slide.memoryIndex + 1} of ${all}`}
                  active={s === currentSlide}
                  load={Math.abs(s - currentSlide) <= 1}
                  onEdit={onEdit}
                  onZoomedChange={(value) => {
                    if (s === currentSlide) setZoomed(value);
                  }}
                  onSwipeDown={close}
                />
              ))}
            </div>
          </div>
          {wide && all > 1 ? next : null}
        </div>
      </div>
    </div>,
    document.body,
  );
}
