import type { Request, Response } from "express";
import LinkHeader from "http-link-header";
import { badInput } from "../lib/errors.js";
import { decodeCursor, PAGE_LIMITS, pageSize, type KeysetOrder, type Page, type PageRequest } from "../db/keyset.js";

/**
 * Paged REST lists (docs/decisions/024-paged-reads.md): the body stays the product's array
 * (docs/product.md §7); `limit` (default 100, at most 200) and `cursor` choose the page, and the
 * next page's address travels in a `Link: <…>; rel="next"` header (RFC 8288). A bad `limit` or
 * `cursor` is a 400.
 */
export function restPageRequest(req: Request, order: KeysetOrder<never>): PageRequest {
  const cursor = req.query.cursor;
  if (cursor !== undefined && typeof cursor !== "string") throw badInput("Invalid cursor: cursor");
  return {
    size: pageSize(req.query.limit, PAGE_LIMITS.rest, "limit"),
    after: cursor ? decodeCursor(order, cursor, "cursor") : null,
  };
}

/**
 * Sets the `Link` header when another page follows: the same path and query with `cursor` set to
 * the last row's cursor, as a reference relative to the request (so it holds behind any proxy).
 */
export function setNextLink(req: Request, res: Response, page: Page<unknown>): void {
  if (!page.hasNextPage || !page.cursors.length) return;
  const url = new URL(req.originalUrl, "http://local");
  url.searchParams.set("cursor", page.cursors.at(-1)!);
  const link = new LinkHeader();
  link.set({ rel: "next", uri: url.pathname + url.search });
  res.setHeader("Link", link.toString());
}
