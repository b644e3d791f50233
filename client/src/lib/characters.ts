const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/**
 * User-perceived characters (grapheme clusters), as the server counts them
 * (docs/decisions/017-hostile-input.md): a family emoji is one character, not eleven.
 */
export function characterCount(text: string): number {
  let n = 0;
  for (const _ of segmenter.segment(text)) n++;
  return n;
}
