import type { RequestHandler } from "express";
import { badInput } from "../lib/errors.js";
import { findRefusedText, refusedTextMessage, textRefusal } from "../lib/text-rules.js";

/**
 * The REST side of the text rules (lib/text-rules.ts): the decoded path, the query and the JSON
 * body are checked before any route runs; a refusal is 400 `{error}` naming the field (a text
 * longer than any field takes is refused here, before a service counts its characters).
 */
export const textGuard: RequestHandler = (req, _res, next) => {
  let path: string;
  try {
    path = decodeURIComponent(req.path);
  } catch {
    return next(badInput("The path is not valid"));
  }
  const bad = textRefusal(path, "path") ?? findRefusedText(req.query) ?? findRefusedText(req.body);
  if (bad) return next(badInput(refusedTextMessage(bad)));
  next();
};
