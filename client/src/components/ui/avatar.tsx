import { useState, type CSSProperties } from "react";
import styles from "./avatar.module.css";

/** Up to two initials from a name, else from the part of an e-mail before the @. */
export function initialsFor(name?: string | null, email?: string | null): string {
  const source = name?.trim() || email?.split("@")[0]?.trim() || "";
  const words = source.split(/[\s._-]+/).filter(Boolean);
  const letters = words.length >= 2 ? [words[0], words[words.length - 1]] : words.length === 1 ? [words[0]] : [];
  const initials = letters.map((word) => [...(word ?? "")][0] ?? "").join("");
  return initials ? initials.toLocaleUpperCase() : "?";
}

// Background colours for generated avatars; each is dark enough for white text.
const avatarColours = ["#0f766e", "#be123c", "#1d4ed8", "#7c3aed", "#b45309", "#047857", "#be185d", "#4338ca"];

function colourIndex(seed: string): number {
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return hash % avatarColours.length;
}

/**
 * A stable colour for a person: seeded by their id where known, so a rename does not change it
 * (docs/decisions/037-each-voice-its-authors.md). `avoid` is the seed of someone shown beside them
 * (the centre of a web and their partners): a clash moves to the next colour, so the two differ.
 */
export function avatarColourFor(seed: string, avoid?: string | null): string {
  let index = colourIndex(seed);
  if (avoid && avoid !== seed && index === colourIndex(avoid)) index = (index + 1) % avatarColours.length;
  return avatarColours[index] ?? "#0f766e";
}

interface AvatarProps {
  name?: string | null;
  email?: string | null;
  src?: string | null;
  /** Diameter in px (default 40). */
  size?: number;
  /** Decorative when the name is shown next to it. */
  decorative?: boolean;
  /** The person's id: their colour stays the same whatever they are called. */
  seed?: string | null;
  /** The id of someone shown beside them, whose colour this one must differ from. */
  avoid?: string | null;
}

export function Avatar({ name, email, src, size = 40, decorative = false, seed, avoid }: AvatarProps) {
  const [failed, setFailed] = useState(false);
  const label = name?.trim() || email || "User";
  const style = {
    width: size,
    height: size,
    fontSize: Math.round(size * 0.4),
    "--avatar-bg": avatarColourFor(seed || name?.trim() || email || "?", avoid),
  } as CSSProperties;
  const a11y = decorative ? { "aria-hidden": true } : { role: "img", "aria-label": label };

  return (
    <span className={styles.avatar} style={style} {...a11y}>
      {src && !failed ? (
        <img className={styles.image} src={src} alt="" onError={() => setFailed(true)} />
      ) : (
        <span aria-hidden="true">{initialsFor(name, email)}</span>
      )}
    </span>
  );
}
