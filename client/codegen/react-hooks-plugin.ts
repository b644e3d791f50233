/**
 * GraphQL Code Generator plugin: typed React hooks for Apollo Client 4.
 *
 * `@graphql-codegen/typescript-react-apollo` only targets Apollo Client 2/3 (docs/decisions/012-stack-and-decorators.md
 * P14), so this small plugin emits one thin wrapper per operation instead. It must run in the
 * same output file as the `typescript-operations` and `typed-document-node` plugins, whose
 * `XQuery`, `XQueryVariables` and `XDocument` exports the hooks refer to:
 *
 *   query Me            → useMeQuery, useMeLazyQuery, useMeSuspenseQuery
 *   mutation SignOut    → useSignOutMutation
 *   subscription Events → useEventsSubscription
 *
 * The hooks come from `@apollo/client/react`. A hook's `options` parameter is required when the
 * operation has a required variable (non-null, no default), as in Apollo's own signatures.
 * For the most precise overloads (e.g. `returnPartialData: true`) call `useQuery(XDocument, …)`
 * directly; the documents are exported by the typed-document-node plugin.
 */
import type { PluginFunction, PluginValidateFn, Types } from "@graphql-codegen/plugin-helpers";
import { convertFactory, type NamingConvention } from "@graphql-codegen/visitor-plugin-common";
import { Kind, type OperationDefinitionNode } from "graphql";

export interface ReactHooksPluginConfig {
  /** Same option as the other plugins; keep them equal so the names line up. */
  namingConvention?: NamingConvention;
  typesPrefix?: string;
  typesSuffix?: string;
  omitOperationSuffix?: boolean;
  dedupeOperationSuffix?: boolean;
  operationResultSuffix?: string;
  documentVariablePrefix?: string;
  documentVariableSuffix?: string;
  /** Also emit `useXSuspenseQuery` for queries (default true). */
  withSuspenseHooks?: boolean;
  /** Module the hooks are imported from (default "@apollo/client/react"). */
  hooksImportFrom?: string;
}

type ApolloHook = "useQuery" | "useLazyQuery" | "useSuspenseQuery" | "useMutation" | "useSubscription";

interface OperationNames {
  hookBase: string;
  document: string;
  result: string;
  variables: string;
  requiredVariables: boolean;
}

type Operation = "query" | "mutation" | "subscription";

const operationTypeName: Record<Operation, string> = {
  query: "Query",
  mutation: "Mutation",
  subscription: "Subscription",
};

/** graphql 16 types `operation` as a string enum; its values are exactly these strings. */
const operationOf = (node: OperationDefinitionNode): Operation => node.operation as string as Operation;

function hasRequiredVariables(node: OperationDefinitionNode): boolean {
  return (node.variableDefinitions ?? []).some(
    (variable) => variable.type.kind === Kind.NON_NULL_TYPE && variable.defaultValue === undefined,
  );
}

function namesFor(node: OperationDefinitionNode, config: ReactHooksPluginConfig): OperationNames {
  const convert = convertFactory({ namingConvention: config.namingConvention });
  const operationType = operationTypeName[operationOf(node)];
  const rawName = node.name?.value ?? "";
  const suffixless =
    config.omitOperationSuffix ||
    (config.dedupeOperationSuffix === true && rawName.toLowerCase().endsWith(operationType.toLowerCase()));
  const operationSuffix = suffixless ? "" : operationType;
  const typeName = (suffix: string): string =>
    `${config.typesPrefix ?? ""}${convert(node, { suffix })}${config.typesSuffix ?? ""}`;

  // `query TimelinesQuery` must not become `useTimelinesQueryQuery`.
  const converted = convert(node);
  const hookBase = converted.endsWith(operationType) ? converted.slice(0, -operationType.length) : converted;

  return {
    hookBase: hookBase || converted,
    document: convert(node, {
      prefix: config.documentVariablePrefix ?? "",
      suffix: config.documentVariableSuffix ?? "Document",
    }),
    result: typeName(operationSuffix + (config.operationResultSuffix ?? "")),
    variables: typeName(`${operationSuffix}Variables`),
    requiredVariables: hasRequiredVariables(node),
  };
}

function hookFunction(
  name: string,
  apolloHook: ApolloHook,
  optionsType: string,
  documentName: string,
  required: boolean,
): string {
  const parameter = required ? `options: ${optionsType}` : `options?: ${optionsType}`;
  return [
    `/** \`${apolloHook}\` bound to {@link ${documentName}}. */`,
    `export function ${name}(${parameter}) {`,
    `  return ${apolloHook}(${documentName}, options);`,
    `}`,
  ].join("\n");
}

function hooksFor(
  node: OperationDefinitionNode,
  config: ReactHooksPluginConfig,
  used: Set<ApolloHook | "SkipToken">,
): string[] {
  const n = namesFor(node, config);
  const hooks: string[] = [];
  const add = (name: string, hook: ApolloHook, optionsType: string, required = n.requiredVariables) => {
    used.add(hook);
    hooks.push(hookFunction(name, hook, optionsType, n.document, required));
  };

  switch (operationOf(node)) {
    case "query":
      used.add("SkipToken");
      add(`use${n.hookBase}Query`, "useQuery", `useQuery.Options<${n.result}, ${n.variables}> | SkipToken`);
      // The variables of a lazy query may be given when it is executed.
      add(`use${n.hookBase}LazyQuery`, "useLazyQuery", `useLazyQuery.Options<${n.result}, ${n.variables}>`, false);
      if (config.withSuspenseHooks !== false) {
        // No SkipToken here: it would make `data` possibly undefined for every caller. To skip a
        // suspense query, call useSuspenseQuery(XDocument, skipToken) directly.
        add(`use${n.hookBase}SuspenseQuery`, "useSuspenseQuery", `useSuspenseQuery.Options<${n.variables}>`);
      }
      break;
    case "mutation":
      // Mutation variables are usually passed to the returned mutate function.
      add(`use${n.hookBase}Mutation`, "useMutation", `useMutation.Options<${n.result}, ${n.variables}>`, false);
      break;
    case "subscription":
      add(`use${n.hookBase}Subscription`, "useSubscription", `useSubscription.Options<${n.result}, ${n.variables}>`);
      break;
  }
  return hooks;
}

export const plugin: PluginFunction<ReactHooksPluginConfig, Types.ComplexPluginOutput> = (
  _schema,
  documents,
  config,
) => {
  const used = new Set<ApolloHook | "SkipToken">();
  const blocks: string[] = [];
  for (const file of documents) {
    for (const definition of file.document?.definitions ?? []) {
      if (definition.kind === Kind.OPERATION_DEFINITION && definition.name) {
        blocks.push(...hooksFor(definition, config, used));
      }
    }
  }
  if (blocks.length === 0) return { content: "" };

  const specifiers = [...used]
    .sort()
    .map((name) => (name === "SkipToken" ? "type SkipToken" : name))
    .join(", ");
  const from = config.hooksImportFrom ?? "@apollo/client/react";
  return {
    prepend: [`import { ${specifiers} } from "${from}";`],
    content: `\n${blocks.join("\n\n")}\n`,
  };
};

export const validate: PluginValidateFn<ReactHooksPluginConfig> = (_schema, documents, _config, outputFile) => {
  if (!outputFile.endsWith(".ts") && !outputFile.endsWith(".tsx")) {
    throw new Error(`react-hooks-plugin: output must be a .ts or .tsx file, got ${outputFile}`);
  }
  const anonymous = documents.flatMap((file) =>
    (file.document?.definitions ?? [])
      .filter((definition) => definition.kind === Kind.OPERATION_DEFINITION && !definition.name)
      .map(() => file.location ?? "(unknown file)"),
  );
  if (anonymous.length > 0) {
    throw new Error(
      `react-hooks-plugin: every operation needs a name (anonymous operation in ${anonymous.join(", ")})`,
    );
  }
};
