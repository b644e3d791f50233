import { useGesture } from "@use-gesture/react";
import { useEffect, useRef, useState, type CSSProperties } from "react";
import { Link } from "react-router-dom";
import { Avatar } from "../../../components/ui/avatar";
import { Spinner } from "../../../components/ui/spinner";
import { countLabel } from "../../../lib/count-label";
import { useConnections, type WebPerson } from "../api/use-connections";
import { clampPan, clampZoom, fitScale, MAX_PAN, placeConnections, usedRings } from "../lib/web-layout";
import styles from "./connection-web.module.css";

/** The web's people (and its centre): what a floating button must never cover. */
export const WEB_NODES = "[data-web-node]";

export interface WebCentre {
  /** Their id: the avatar's colour (partners around them get colours of their own). */
  id?: string | null;
  name: string;
  email?: string | null;
  photoUrl?: string | null;
}

interface ConnectionWebProps {
  /** Whose web: null for the signed-in user's own, else a username or e-mail (public mode). */
  identifier: string | null;
  /** The person in the middle. */
  centre: WebCentre;
  /** The signed-in user's id: their own node (in someone else's web) leads to their Profile. */
  viewerId?: string | null;
}

interface View {
  x: number;
  y: number;
  zoom: number;
}

const initialView: View = { x: 0, y: 0, zoom: 1 };
const ZOOM_STEP = 1.25;
/** A drag longer than this (px) is not a tap: the click that ends it does not open a profile. */
const TAP_SLOP = 8;
/** Node sizes never shrink below this share of their spec radius, so they stay tappable. */
const MIN_NODE_SHARE = 0.62;
const CENTRE_RADIUS = 34;
const DEFAULT_SIZE = 358;

/** The viewport's width in px (it is square), following resizes. */
function useSquareSize(ref: React.RefObject<HTMLElement | null>): number {
  const [size, setSize] = useState(DEFAULT_SIZE);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      if (element.clientWidth > 0) setSize(element.clientWidth);
    };
    measure();
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return size;
}

function profileLink(person: WebPerson, viewerId: string | null | undefined): string {
  if (viewerId && person.id === viewerId) return "/app/profile";
  return `/app/public-profile?username=${encodeURIComponent(person.username)}`;
}

/** The label under a node: the first name keeps the web readable on a phone. */
function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

/**
 * The connection web (docs/product.md §1, §9): up to 10 people in three rings around the centre person,
 * ranked by shared memories. Pinch or wheel to zoom (0.5–3), drag to move (±300); the buttons
 * do the same for keyboard and one-handed use. Each person is a link to their public profile.
 */
export function ConnectionWeb({ identifier, centre, viewerId }: ConnectionWebProps) {
  const connections = useConnections(identifier);
  const viewportRef = useRef<HTMLDivElement>(null);
  const size = useSquareSize(viewportRef);
  const [view, setView] = useState<View>(initialView);
  // A first tap on a person shows their shared-memory count; a second opens their profile.
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const viewRef = useRef(view);
  const draggedRef = useRef(false);
  useEffect(() => {
    viewRef.current = view;
  });

  const people = connections.status === "ready" ? connections.people : [];
  const placed = placeConnections(people);
  const selected = people.find((person) => person.id === selectedId) ?? null;
  const scale = fitScale(size, people.length) * view.zoom;
  const publicMode = identifier !== null;

  useGesture(
    {
      onDragEnd: () => {
        // The click that ends a drag comes right after pointerup; forget the drag after it.
        window.setTimeout(() => {
          draggedRef.current = false;
        }, 0);
      },
      onDrag: ({ offset: [x, y], movement: [mx, my], pinching, cancel }) => {
        if (pinching) {
          cancel();
          return;
        }
        if (Math.hypot(mx, my) > TAP_SLOP) draggedRef.current = true;
        setView((current) => ({ ...current, x: clampPan(x), y: clampPan(y) }));
      },
      onPinch: ({ offset: [zoom] }) => {
        setView((current) => ({ ...current, zoom: clampZoom(zoom) }));
      },
      onWheel: ({ event, delta: [, dy], ctrlKey }) => {
        // A trackpad pinch arrives as ctrl+wheel and is handled by onPinch.
        if (ctrlKey) return;
        event.preventDefault();
        setView((current) => ({ ...current, zoom: clampZoom(current.zoom * Math.exp(-dy * 0.0015)) }));
      },
    },
    {
      target: viewportRef,
      eventOptions: { passive: false },
      drag: {
        from: () => [viewRef.current.x, viewRef.current.y],
        bounds: { left: -MAX_PAN, right: MAX_PAN, top: -MAX_PAN, bottom: MAX_PAN },
        rubberband: false,
        filterTaps: true,
        // Without capture the click that ends a tap reaches the person's link.
        pointer: { capture: false, keys: false },
      },
      pinch: {
        from: () => [viewRef.current.zoom, 0],
        scaleBounds: { min: 0.5, max: 3 },
        rubberband: false,
      },
    },
  );

  const zoomBy = (factor: number) => setView((current) => ({ ...current, zoom: clampZoom(current.zoom * factor) }));
  const nodeRadius = (radius: number) => Math.max(radius * scale, radius * MIN_NODE_SHARE);
  const centreRadius = nodeRadius(CENTRE_RADIUS);
  const rings = usedRings(people.length);

  if (connections.status === "ready" && people.length === 0) {
    return (
      <div className={styles.emptyCard}>
        <span className={styles.avatarRing}>
          <Avatar seed={centre.id} name={centre.name} email={centre.email} src={centre.photoUrl} size={64} decorative />
        </span>
        <p className={styles.emptyName}>{publicMode ? centre.name : "You"}</p>
        <p className={styles.empty}>
          {publicMode
            ? "No connections to show yet."
            : "Your web grows as you share memories. Start a timeline with someone close to you."}
        </p>
      </div>
    );
  }

  return (
    <div className={styles.web}>
      <div
        ref={viewportRef}
        className={styles.viewport}
        data-testid="connection-web"
        data-clip
        onPointerDownCapture={() => {
          draggedRef.current = false;
        }}
        onClickCapture={(event) => {
          // The end of a drag is not a tap on whoever is under the finger.
          if (draggedRef.current) {
            event.preventDefault();
            event.stopPropagation();
            draggedRef.current = false;
          }
        }}
      >
        <div className={styles.stage} style={{ transform: `translate(${view.x}px, ${view.y}px)` }}>
          {rings.map((ring) => (
            <div
              key={ring.name}
              className={styles.ring}
              style={{ width: ring.radius * 2 * scale, height: ring.radius * 2 * scale }}
              aria-hidden="true"
            >
              <span className={styles.ringLabel}>{ring.name}</span>
            </div>
          ))}

          <div className={styles.node} style={{ "--node-size": `${centreRadius * 2}px` } as CSSProperties}>
            <div className={styles.centre} data-web-node>
              <span className={styles.avatarRing}>
                <Avatar
                  seed={centre.id}
                  name={centre.name}
                  email={centre.email}
                  src={centre.photoUrl}
                  size={centreRadius * 2}
                  decorative
                />
              </span>
              <span className={styles.name}>{publicMode ? firstName(centre.name) : "You"}</span>
            </div>
          </div>

          {placed.length > 0 ? (
            <ul className={styles.people} aria-label={publicMode ? `${centre.name}'s connections` : "Your connections"}>
              {placed.map((node) => {
                const radius = nodeRadius(node.nodeRadius);
                return (
                  <li
                    key={node.person.id}
                    className={styles.node}
                    style={
                      {
                        left: node.x * scale,
                        top: node.y * scale,
                        "--node-size": `${radius * 2}px`,
                      } as CSSProperties
                    }
                  >
                    <Link
                      to={profileLink(node.person, viewerId)}
                      className={styles.link}
                      data-web-node
                      aria-describedby={selectedId === node.person.id ? "web-selected-person" : undefined}
                      data-selected={selectedId === node.person.id || undefined}
                      onClick={(event) => {
                        if (selectedId === node.person.id) return;
                        event.preventDefault();
                        setSelectedId(node.person.id);
                      }}
                      title={`${node.person.name} · ${countLabel(node.person.memoryCount, "shared memory", "shared memories")}`}
                      data-ring={node.ring.name}
                    >
                      <span className={styles.avatarRing} data-ring-index={node.ringIndex}>
                        <Avatar
                          seed={node.person.id}
                          avoid={centre.id}
                          name={node.person.name}
                          src={node.person.photoUrl}
                          size={radius * 2}
                          decorative
                        />
                      </span>
                      <span className={styles.name} aria-hidden="true">
                        {firstName(node.person.name)}
                      </span>
                      <span className="visually-hidden">
                        {`${node.person.name}, ${node.ring.name}, ${countLabel(node.person.memoryCount, "shared memory", "shared memories")}`}
                      </span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          ) : null}
        </div>

        {connections.status === "loading" ? (
          <div className={styles.overlay}>
            <Spinner label="Loading connections..." showLabel size="small" />
          </div>
        ) : null}
      </div>

      {selected ? (
        <p className={styles.selected} id="web-selected-person" role="status" data-testid="web-selected-person">
          <span className={styles.selectedName}>{selected.name}</span>
          <span>{countLabel(selected.memoryCount, "shared memory", "shared memories")}</span>
          <Link to={profileLink(selected, viewerId)} className={styles.selectedLink}>
            View profile
          </Link>
        </p>
      ) : null}

      {people.length > 0 ? (
        <div className={styles.controls} role="group" aria-label="Web view">
          <button
            type="button"
            className={styles.control}
            onClick={() => zoomBy(1 / ZOOM_STEP)}
            disabled={view.zoom <= 0.5}
            aria-label="Zoom out"
          >
            <span aria-hidden="true">−</span>
          </button>
          <button
            type="button"
            className={`${styles.control} ${styles.reset}`}
            onClick={() => setView(initialView)}
            disabled={view.x === 0 && view.y === 0 && view.zoom === 1}
          >
            Reset view
          </button>
          <button
            type="button"
            className={styles.control}
            onClick={() => zoomBy(ZOOM_STEP)}
            disabled={view.zoom >= 3}
            aria-label="Zoom in"
          >
            <span aria-hidden="true">+</span>
          </button>
        </div>
      ) : null}
    </div>
  );
}
