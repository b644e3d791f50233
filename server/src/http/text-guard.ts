import type { RequestHandler } from "express";
import { badInput } from "../lib/errors.js";
import { findRefusedText, isAllowedText, refusedTextMessage } from "../lib/text-rules.js";

/**
 * The REST side of the text rules (lib/text-rules.ts): the decoded path, the query and the JSON
 * body are checked before any route runs; a refusal is 400 `{error}` naming the field.
 */
export const textGuard: RequestHandler = (req, _res, next) => {
  let path: string;
  try {
    path = decodeURIComponent(req.path);
  } catch {
    return next(badInput("The path is not valid"));
  }
  if (!isAllowedText(path, "path")) return next(badInput(refusedTextMessage("path")));
  const bad = findRefusedText(req.query) ?? findRefusedText(req.body);
  if (bad) return next(badInput(refusedTextMessage(bad)));
  next();
};
