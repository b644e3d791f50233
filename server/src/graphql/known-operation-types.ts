import { GraphQLError, type ValidationRule } from "graphql";

/**
 * Refuses an operation whose root type the schema does not have (there is no `subscription`):
 * graphql-js 16 validates `subscription {…}` and only its executor refuses it, which Apollo
 * answers as an internal error. Refused here, it is a validation error, 400, like any other.
 */
export const knownOperationTypes: ValidationRule = (context) => ({
  OperationDefinition(node) {
    if (!context.getSchema().getRootType(node.operation)) {
      context.reportError(new GraphQLError(`This API has no ${node.operation} operations.`, { nodes: node }));
    }
  },
});
