import "reflect-metadata";
import { lexicographicSortSchema, printSchema, type GraphQLSchema } from "graphql";
import { buildSchema } from "type-graphql";
import { authChecker } from "../graphql/auth-checker.js";
import { writesPresentAfresh } from "../graphql/writes-present-afresh.js";
import { resolvers } from "./resolvers.js";

let cached: Promise<GraphQLSchema> | null = null;

/** Built once per process; the schema has no per-app state. */
export function getSchema(): Promise<GraphQLSchema> {
  // every mutation's payload is presented with rows read after its write (docs/decisions/038-one-request-cache.md)
  cached ??= buildSchema({ resolvers, authChecker, validate: false, emitSchemaFile: false }).then(writesPresentAfresh);
  return cached;
}

export async function printSdl(): Promise<string> {
  return printSchema(lexicographicSortSchema(await getSchema())) + "\n";
}
