import type { CodegenConfig } from "@graphql-codegen/cli";
import type { CodegenPlugin } from "@graphql-codegen/plugin-helpers";
import {
  generatedFileConfig,
  generatedFilePlugins,
  reactHooksPluginName,
} from "./client/codegen/generated-file-config";
import * as reactHooksPlugin from "./client/codegen/react-hooks-plugin";

/**
 * Operations live in client/src/**\/*.graphql and are checked against schema/schema.graphql
 * (emitted by the server). Output: typed documents plus one typed hook per operation
 * (useXQuery, useXLazyQuery, useXSuspenseQuery, useXMutation) from @apollo/client/react,
 * made by the local plugin client/codegen/react-hooks-plugin.ts.
 */
const config: CodegenConfig = {
  overwrite: true,
  // CODEGEN_SCHEMA lets the client be generated against a draft contract before the server emits it.
  schema: process.env.CODEGEN_SCHEMA ?? "schema/schema.graphql",
  documents: ["client/src/**/*.graphql"],
  generates: {
    "client/src/gql/graphql.ts": {
      plugins: generatedFilePlugins,
      config: generatedFileConfig,
    },
  },
  pluginLoader: async (name: string): Promise<CodegenPlugin> => {
    if (name === reactHooksPluginName) return reactHooksPlugin;
    return (await import(name)) as CodegenPlugin;
  },
};

export default config;
