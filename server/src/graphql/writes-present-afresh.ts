import type { GraphQLSchema } from "graphql";
import type { CallerContext } from "./caller-context.js";
import { viewerOf } from "./current-viewer.js";

/**
 * Every mutation field forgets the request's rows once its write is done, so its payload is
 * presented with loaders that hold only what is read after the write
 * (docs/decisions/038-one-request-cache.md). Done in the schema, so every way of executing it
 * (HTTP, `executeOperation`, the first screen's render) keeps the rule.
 */
export function writesPresentAfresh(schema: GraphQLSchema): GraphQLSchema {
  const fields = schema.getMutationType()?.getFields() ?? {};
  for (const field of Object.values(fields)) {
    const resolve = field.resolve;
    if (!resolve) continue;
    field.resolve = async (source, args, context: CallerContext, info) => {
      const result: unknown = await resolve(source, args, context, info);
      viewerOf(context).forgetRows();
      return result;
    };
  }
  return schema;
}
