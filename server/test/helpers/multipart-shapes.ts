/**
 * Malformed multipart bodies, built from the parts a valid upload would send: a NUL in a part
 * header, a header over 16 KB, a header line without a colon, no closing boundary, and the body
 * cut short at every boundary of its structure (and at the parser's sizes: the 4100 bytes the
 * type sniffer reads, 16 KB, 64 KB), either declared short (Content-Length says so) or cut
 * off mid-stream (the connection ends before the declared length).
 */
import crypto from "node:crypto";

export interface Part {
  /** Header lines without CRLF, e.g. `Content-Disposition: form-data; name="map"`. */
  headers: string[];
  data: Buffer;
}

export interface Shape {
  name: string;
  contentType: string;
  body: Buffer;
  /** Send only this many bytes, then end the connection (Content-Length stays the body's length). */
  cutAt?: number;
}

export function field(name: string, value: string): Part {
  return { headers: [`Content-Disposition: form-data; name="${name}"`], data: Buffer.from(value) };
}

export function file(name: string, filename: string, type: string, data: Buffer): Part {
  return {
    headers: [`Content-Disposition: form-data; name="${name}"; filename="${filename}"`, `Content-Type: ${type}`],
    data,
  };
}

/** The body, and the offsets where its structure changes (each line, each part's data). */
function build(boundary: string, parts: Part[], closed = true): { body: Buffer; marks: number[] } {
  const chunks: Buffer[] = [];
  const marks: number[] = [];
  let at = 0;
  const add = (b: Buffer | string) => {
    const buf = typeof b === "string" ? Buffer.from(b, "latin1") : b;
    chunks.push(buf);
    at += buf.length;
    marks.push(at);
  };
  for (const part of parts) {
    add(`--${boundary}\r\n`);
    for (const h of part.headers) add(`${h}\r\n`);
    add("\r\n");
    add(part.data);
    add("\r\n");
  }
  if (closed) add(`--${boundary}--\r\n`);
  return { body: Buffer.concat(chunks), marks };
}

const SIZES = [4100, 16 * 1024, 64 * 1024];

/** Every malformed shape of an upload whose valid body has these parts. */
export function malformedShapes(parts: Part[]): Shape[] {
  const boundary = `----fuzz${crypto.randomBytes(6).toString("hex")}`;
  const contentType = `multipart/form-data; boundary=${boundary}`;
  const shapes: Shape[] = [];
  parts.forEach((_part, i) => {
    const add = (kind: string, edit: (headers: string[]) => string[]) => {
      const edited = parts.map((p, j) => (j === i ? { ...p, headers: edit(p.headers) } : p));
      shapes.push({ name: `${kind} (part ${i + 1})`, contentType, body: build(boundary, edited).body });
    };
    add("NUL in a part header", ([first, ...rest]) => [`${first}\0x`, ...rest]);
    add("part header over 16 KB", (h) => [...h, `X-Padding: ${"a".repeat(17 * 1024)}`]);
    add("header line without a colon", (h) => [...h, "Content-Disposition form-data"]);
  });
  shapes.push({ name: "no closing boundary", contentType, body: build(boundary, parts, false).body });

  const { body, marks } = build(boundary, parts);
  const cuts = new Set<number>();
  for (const m of [...marks, ...SIZES])
    for (const d of [-1, 0, 1]) if (m + d > 0 && m + d < body.length) cuts.add(m + d);
  for (const cut of [...cuts].sort((a, b) => a - b)) {
    shapes.push({ name: `declared ${cut} of ${body.length} bytes`, contentType, body: body.subarray(0, cut) });
    shapes.push({ name: `connection ends after ${cut} of ${body.length} bytes`, contentType, body, cutAt: cut });
  }
  return shapes;
}
