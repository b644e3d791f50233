import type { ApolloServerPlugin } from "@apollo/server";
import { markWrite } from "../modules/access/request-viewer.js";
import type { CallerContext } from "./caller-context.js";

/**
 * A mutation's viewer keeps no known rows (modules/access/known-rows.ts): what a mutation reads
 * before its change must not be handed out in its payload after it. Queries keep them.
 */
export function knownRowsPlugin(): ApolloServerPlugin<CallerContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ operation, contextValue }) {
          if (operation?.operation !== "query") markWrite(contextValue.req);
        },
      };
    },
  };
}
