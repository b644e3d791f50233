import "reflect-metadata";
import { lexicographicSortSchema, printSchema, type GraphQLSchema } from "graphql";
import { buildSchema } from "type-graphql";
import { authChecker } from "../graphql/auth-checker.js";
import { resolvers } from "./resolvers.js";

let cached: Promise<GraphQLSchema> | null = null;

/** Built once per process; the schema has no per-app state. */
export function getSchema(): Promise<GraphQLSchema> {
  cached ??= buildSchema({ resolvers, authChecker, validate: false, emitSchemaFile: false });
  return cached;
}

export async function printSdl(): Promise<string> {
  return printSchema(lexicographicSortSchema(await getSchema())) + "\n";
}
