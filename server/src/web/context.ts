import type { Request, Response } from "express";
import { viewerFor } from "../modules/access/request-viewer.js";
import { createPresenters, type Presenters } from "./presenters.js";
import type { Services } from "./services.js";
import type { Loaders } from "./loaders.js";
import type { CallerContext } from "../graphql/caller-context.js";

export interface GraphQLContext extends CallerContext {
  services: Services;
  readonly loaders: Loaders;
  /** Derived fields, one presenter per type, shared with the REST façade (docs/decisions/015-code-layout.md). */
  readonly present: Presenters;
}

const presenters = new WeakMap<object, Presenters>();

/**
 * One operation's context. Apollo hands resolvers a shallow copy of it, and a sign-in sets
 * `userId` on that copy; `loaders` and `present` are getters on the prototype, so they read the
 * viewer of the copy the resolvers see, whoever is signed in when a field is computed. The loaders
 * are that viewer's, the request's one cache (docs/decisions/038-one-request-cache.md).
 */
class OperationContext implements GraphQLContext {
  constructor(
    public req: Request,
    public res: Response,
    public userId: string | null,
    public services: Services,
  ) {}

  get loaders(): Loaders {
    return this.services.loaders(viewerFor(this.req, this.userId ?? null, this.services.access));
  }

  get present(): Presenters {
    let p = presenters.get(this);
    if (!p) {
      const viewer = () => viewerFor(this.req, this.userId ?? null, this.services.access);
      // eslint-disable-next-line @typescript-eslint/no-this-alias -- the getter below reads this operation's loaders
      const operation = this;
      p = createPresenters({
        viewer,
        // the loaders of whoever is signed in when a field is computed
        get loaders() {
          return operation.loaders;
        },
        media: this.services.media,
      });
      presenters.set(this, p);
    }
    return p;
  }
}

/** One operation's context; its loaders and presenters read for whoever is signed in when they load. */
export function createGraphQLContext(req: Request, res: Response, services: Services): GraphQLContext {
  return new OperationContext(req, res, req.userId ?? null, services);
}
