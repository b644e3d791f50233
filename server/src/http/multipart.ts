import type { IncomingMessage } from "node:http";
import type { Writable } from "node:stream";
import type { RequestHandler } from "express";
import { processRequest, type UploadOptions } from "graphql-upload-minimal";
import { unauthenticated } from "../lib/errors.js";
import { isMultipartParseError } from "../lib/multipart-errors.js";

/**
 * graphql-upload-minimal listens `once` for its parser's errors, and destroying the parser after
 * a malformed header makes busboy emit a second one ("Unexpected end of form"): with nobody
 * listening, that ends the process. The parser is created inside `processRequest` and piped from
 * the request at once, so this request's `pipe` hears every error of whatever it is piped into;
 * the first still reaches `processRequest`, which answers it.
 */
function hearEveryParserError(req: IncomingMessage): void {
  const pipe = req.pipe.bind(req);
  req.pipe = <T extends NodeJS.WritableStream>(destination: T, options?: { end?: boolean }): T => {
    (destination as unknown as Writable).on("error", () => undefined);
    return pipe(destination, options);
  };
}

/**
 * GraphQL multipart requests (uploads), before Apollo. Uploads are for signed-in people only, so
 * an anonymous multipart body is refused before a byte of it is parsed; a malformed one is the
 * request's fault (400 or 413), never the process's end.
 */
export function graphqlMultipart(options: UploadOptions): RequestHandler {
  return (req, res, next) => {
    if (!req.is("multipart/form-data")) return next();
    if (!req.userId) {
      res.setHeader("Connection", "close"); // the body is not read
      return next(unauthenticated());
    }
    hearEveryParserError(req);
    processRequest(req, res, options).then(
      (body) => {
        req.body = body;
        next();
      },
      (err: unknown) => {
        res.setHeader("Connection", "close");
        next(multipartError(err));
      },
    );
  };
}

/**
 * graphql-upload-minimal's errors as the request's fault (it reports some as 500); the parser's
 * own (a body that is not valid multipart) go on as they are: the error handler knows them.
 */
function multipartError(err: unknown): unknown {
  if (!isMultipartParseError(err) && typeof err === "object" && err !== null) {
    Object.assign(err, { isMultipartError: true });
  }
  return err;
}
