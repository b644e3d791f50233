import { parse, type DefaultTreeAdapterMap } from "parse5";

type Node = DefaultTreeAdapterMap["node"];
type Element = DefaultTreeAdapterMap["element"];

/** What the server adds to the client's index.html for a first screen (./first-screen.ts). */
export interface PageParts {
  /** first in `<head>`, before any stylesheet or script (the first image's preload) */
  early?: string;
  /** at the end of `<head>` (preloads, inline stylesheets, the first data) */
  head?: string;
  /** the content of `#root` in place of its own (the logo mark) */
  root?: string;
}

export interface IndexPage {
  /** The page with `parts` added; the rest of index.html byte for byte as the build wrote it. */
  with(parts: PageParts): string;
  /** The `/assets/…` files the page itself already loads (its scripts, stylesheets, preloads). */
  assets: ReadonlySet<string>;
}

function isElement(node: Node): node is Element {
  return "tagName" in node;
}

function* elementsOf(node: Node): Generator<Element> {
  if (isElement(node)) yield node;
  for (const child of "childNodes" in node ? node.childNodes : []) yield* elementsOf(child);
}

const attr = (element: Element, name: string) => element.attrs.find((a) => a.name === name)?.value;

/**
 * index.html as the client's build wrote it, cut where the server adds to it. The places are found
 * by an HTML parser (parse5, with each element's offsets in the source), not by a pattern over the
 * text: `#root` is the element whose id is "root", whatever it holds, however its attributes are
 * written and whatever follows it; `<head>`'s end is its end tag. Null when the page has no
 * `<head>` with an end tag or no `#root` with one: the server then sends it as it is.
 */
export function indexPage(html: string): IndexPage | null {
  const elements = [...elementsOf(parse(html, { sourceCodeLocationInfo: true }))];
  const head = elements.find((e) => e.tagName === "head");
  const root = elements.find((e) => attr(e, "id") === "root");
  const headEnd = head?.sourceCodeLocation?.endTag?.startOffset;
  const rootStart = root?.sourceCodeLocation?.startTag?.endOffset;
  const rootEnd = root?.sourceCodeLocation?.endTag?.startOffset;
  if (!head || headEnd === undefined || rootStart === undefined || rootEnd === undefined || rootStart < headEnd)
    return null;
  const first = head.childNodes.find((n) => isElement(n) && ["link", "script", "style"].includes(n.tagName));
  const earlyAt = first?.sourceCodeLocation?.startOffset ?? headEnd;
  const assets = new Set(
    elements
      .filter((e) => e.tagName === "script" || e.tagName === "link")
      .map((e) => attr(e, "src") ?? attr(e, "href") ?? "")
      .filter((url) => url.startsWith("/assets/"))
      .map((url) => url.slice(1)),
  );
  return {
    assets,
    with: ({ early = "", head: end = "", root: content }) =>
      html.slice(0, earlyAt) +
      early +
      html.slice(earlyAt, headEnd) +
      end +
      html.slice(headEnd, rootStart) +
      (content ?? html.slice(rootStart, rootEnd)) +
      html.slice(rootEnd),
  };
}
