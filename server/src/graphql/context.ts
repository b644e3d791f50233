import type { Request, Response } from "express";
import { viewerFor } from "../modules/access/request-viewer.js";
import { createPresenters, type Presenters } from "../presenters.js";
import type { Services } from "../services.js";
import type { Loaders } from "./loaders.js";

export interface GraphQLContext {
  req: Request;
  res: Response;
  /** The signed-in user's id, or null (from the session, never from input). */
  userId: string | null;
  services: Services;
  loaders: Loaders;
  /** Derived fields, one presenter per type, shared with the REST façade (docs/decisions/015-code-layout.md). */
  readonly present: Presenters;
}

const presenters = new WeakMap<object, Presenters>();

/**
 * One operation's context. Apollo hands resolvers a shallow copy of it, and a sign-in sets
 * `userId` on that copy; `present` is a getter on the prototype so the presenters read the
 * viewer of the copy the resolvers see, whoever is signed in when a field is computed.
 */
class OperationContext implements GraphQLContext {
  loaders: Loaders;

  constructor(
    public req: Request,
    public res: Response,
    public userId: string | null,
    public services: Services,
  ) {
    this.loaders = services.loaders(() => viewerFor(req, this.userId ?? null, services.access));
  }

  get present(): Presenters {
    let p = presenters.get(this);
    if (!p) {
      const viewer = () => viewerFor(this.req, this.userId ?? null, this.services.access);
      p = createPresenters({ viewer, loaders: this.loaders, media: this.services.media });
      presenters.set(this, p);
    }
    return p;
  }
}

/** One operation's context; its loaders and presenters read for whoever is signed in when they load. */
export function createGraphQLContext(req: Request, res: Response, services: Services): GraphQLContext {
  return new OperationContext(req, res, req.userId ?? null, services);
}
