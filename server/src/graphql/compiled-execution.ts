import type { ApolloServerOptionsWithGateway, BaseContext } from "@apollo/server";
import { execute, GraphQLError, type DocumentNode, type ExecutionResult, type GraphQLSchema } from "graphql";
import { compileQuery, isCompiledQuery, type CompiledQuery } from "graphql-jit";
import { LRUCache } from "lru-cache";

/** How many compiled documents are kept (the client's operations are a few dozen). */
const MAX_DOCUMENTS = 500;

/** A document graphql-jit could not compile: it runs on graphql-js's executor. */
const NOT_COMPILED = "not compiled" as const;
type Entry = CompiledQuery | typeof NOT_COMPILED;

type GatewayInterface = ApolloServerOptionsWithGateway<BaseContext>["gateway"];
type GatewayExecutor = Awaited<ReturnType<GatewayInterface["load"]>>["executor"];

export interface CompiledExecution {
  /** Handed to `new ApolloServer({ gateway })`: Apollo Server 5's way to take another executor. */
  gateway: GatewayInterface;
  /** Compiled documents, keyed by operation name and text (read by the tests). */
  cache: LRUCache<string, Entry>;
}

/**
 * graphql-jit's errors are shaped like graphql-js's but leave `extensions` unset when the thrown
 * error has none, which Apollo's error formatting reads; the same error as graphql-js makes it.
 */
function asGraphQLError(e: GraphQLError): GraphQLError {
  const error = new GraphQLError(e.message, {
    path: e.path,
    originalError: e.originalError ?? undefined,
    extensions: e.extensions,
  });
  if (e.locations) Object.assign(error, { locations: e.locations });
  return error;
}

/**
 * Operations run through graphql-jit, compiled once per document and kept in a bounded LRU
 * (docs/decisions/048-compiled-execution.md). Apollo still parses, validates (every validation
 * rule), runs the plugins and formats the errors; only execution changes. The same resolvers
 * run (type-graphql's auth checker and validation inside them). A document graphql-jit cannot
 * compile, and any request whose variables do not coerce, runs on graphql-js's `execute`, so
 * its errors keep graphql-js's wording (Apollo's BAD_USER_INPUT and HTTP 400 depend on it).
 */
export function compiledExecution(
  schema: GraphQLSchema,
  { max = MAX_DOCUMENTS, compile = compileQuery }: { max?: number; compile?: typeof compileQuery } = {},
): CompiledExecution {
  const cache = new LRUCache<string, Entry>({ max });

  const compiled = (source: string, document: DocumentNode, operationName?: string) => {
    const key = `${operationName ?? ""}\n${source}`;
    let entry = cache.get(key);
    if (entry === undefined) {
      try {
        const c = compile<Record<string, unknown>, Record<string, unknown>>(schema, document, operationName, {
          disablingCapturingStackErrors: true,
        });
        entry = isCompiledQuery(c) ? c : NOT_COMPILED;
      } catch {
        entry = NOT_COMPILED;
      }
      cache.set(key, entry);
    }
    return entry;
  };

  const executor: GatewayExecutor = async ({ source, document, request, context }) => {
    const operationName = request.operationName ?? undefined;
    const variables = request.variables ?? {};
    const entry = source === undefined ? NOT_COMPILED : compiled(source, document, operationName);
    if (entry !== NOT_COMPILED) {
      const result = (await entry.query(undefined, context, variables)) as ExecutionResult;
      // no data at all: the variables did not coerce (nothing ran); graphql-js words the errors
      if (result.data !== undefined)
        return result.errors ? { ...result, errors: result.errors.map(asGraphQLError) } : result;
    }
    return execute({ schema, document, contextValue: context, variableValues: variables, operationName });
  };

  const gateway: GatewayInterface = {
    async load() {
      return { schema, executor };
    },
    onSchemaLoadOrUpdate(callback) {
      callback({ apiSchema: schema, coreSupergraphSdl: "" });
      return () => {};
    },
    async stop() {},
  };
  return { gateway, cache };
}
