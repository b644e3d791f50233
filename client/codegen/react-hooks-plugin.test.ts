// @vitest-environment node
import { mkdir, rm, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { codegen } from "@graphql-codegen/core";
import * as addPlugin from "@graphql-codegen/add";
import type { CodegenPlugin, Types } from "@graphql-codegen/plugin-helpers";
import * as typedDocumentNodePlugin from "@graphql-codegen/typed-document-node";
import * as typescriptOperationsPlugin from "@graphql-codegen/typescript-operations";
import { parse } from "graphql";
import ts from "typescript";
import { beforeAll, describe, expect, it } from "vitest";
import { generatedFileConfig, generatedFilePlugins, reactHooksPluginName } from "./generated-file-config";
import * as reactHooksPlugin from "./react-hooks-plugin";

const schema = /* GraphQL */ `
  scalar DateTimeISO
  type User {
    id: ID!
    email: String
    username: String!
    displayName: String!
  }
  type Timeline {
    id: ID!
    title: String!
    lastActivity: DateTimeISO
  }
  input RenameTimelineInput {
    id: ID!
    title: String!
  }
  type RenameTimelinePayload {
    timeline: Timeline!
  }
  type Query {
    me: User
    timeline(id: ID!): Timeline
    timelines(first: Int = 20): [Timeline!]!
  }
  type Mutation {
    renameTimeline(input: RenameTimelineInput!): RenameTimelinePayload!
  }
  type Subscription {
    timelineChanged(id: ID!): Timeline!
  }
`;

const operations = /* GraphQL */ `
  query Me {
    me {
      id
      email
      username
      displayName
    }
  }
  query Timeline($id: ID!) {
    timeline(id: $id) {
      id
      title
      lastActivity
    }
  }
  query TimelinesQuery($first: Int = 20) {
    timelines(first: $first) {
      id
      title
    }
  }
  mutation RenameTimeline($input: RenameTimelineInput!) {
    renameTimeline(input: $input) {
      timeline {
        id
        title
      }
    }
  }
  subscription TimelineChanged($id: ID!) {
    timelineChanged(id: $id) {
      id
      title
    }
  }
`;

const pluginMap: Record<string, CodegenPlugin> = {
  add: addPlugin,
  "typescript-operations": typescriptOperationsPlugin,
  "typed-document-node": typedDocumentNodePlugin,
  [reactHooksPluginName]: reactHooksPlugin,
};

async function generate(): Promise<string> {
  return codegen({
    filename: "graphql.ts",
    schema: parse(schema),
    documents: [{ location: "operations.graphql", document: parse(operations) }],
    config: { ...generatedFileConfig },
    plugins: generatedFilePlugins.map((plugin): Types.ConfiguredPlugin =>
      typeof plugin === "string" ? { [plugin]: {} } : (plugin as Types.ConfiguredPlugin),
    ),
    pluginMap,
  });
}

let output = "";

beforeAll(async () => {
  output = await generate();
});

describe("react-hooks codegen plugin", () => {
  it("imports only the Apollo Client 4 hooks it uses, from @apollo/client/react", () => {
    expect(output).toContain(
      'import { type SkipToken, useLazyQuery, useMutation, useQuery, useSubscription, useSuspenseQuery } from "@apollo/client/react";',
    );
    expect(output).not.toMatch(/from ["']@apollo\/client["']/);
  });

  it("emits query, lazy query and suspense hooks, with options optional when no variable is required", () => {
    expect(output).toContain(
      "export function useMeQuery(options?: useQuery.Options<MeQuery, MeQueryVariables> | SkipToken) {\n  return useQuery(MeDocument, options);\n}",
    );
    expect(output).toContain(
      "export function useMeLazyQuery(options?: useLazyQuery.Options<MeQuery, MeQueryVariables>) {",
    );
    expect(output).toContain(
      "export function useMeSuspenseQuery(options?: useSuspenseQuery.Options<MeQueryVariables>) {",
    );
  });

  it("requires options when the operation has a required variable", () => {
    expect(output).toContain(
      "export function useTimelineQuery(options: useQuery.Options<TimelineQuery, TimelineQueryVariables> | SkipToken) {",
    );
    // A lazy query takes its variables when executed.
    expect(output).toContain(
      "export function useTimelineLazyQuery(options?: useLazyQuery.Options<TimelineQuery, TimelineQueryVariables>) {",
    );
  });

  it("does not double the suffix of an operation already named …Query, and honours defaults", () => {
    expect(output).toMatch(/export function useTimelinesQuery\(options\?: /);
    expect(output).not.toContain("useTimelinesQueryQuery");
  });

  it("emits mutation and subscription hooks", () => {
    expect(output).toContain(
      "export function useRenameTimelineMutation(options?: useMutation.Options<RenameTimelineMutation, RenameTimelineMutationVariables>) {\n  return useMutation(RenameTimelineDocument, options);\n}",
    );
    expect(output).toContain(
      "export function useTimelineChangedSubscription(options: useSubscription.Options<TimelineChangedSubscription, TimelineChangedSubscriptionVariables>) {",
    );
  });

  it("rejects anonymous operations", async () => {
    await expect(
      codegen({
        filename: "graphql.ts",
        schema: parse(schema),
        documents: [{ location: "anonymous.graphql", document: parse("{ me { id } }") }],
        config: {},
        plugins: [{ [reactHooksPluginName]: {} }],
        pluginMap,
      }),
    ).rejects.toThrow(/every operation needs a name/);
  });

  it("produces code that type-checks against Apollo Client 4 under the client tsconfig", async () => {
    const dir = fileURLToPath(new URL("../node_modules/.cache/react-hooks-plugin-test/", import.meta.url));
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true });
    await writeFile(`${dir}graphql.ts`, output);
    await writeFile(
      `${dir}usage.ts`,
      `import { skipToken } from "@apollo/client/react";
import {
  useMeQuery, useMeLazyQuery, useMeSuspenseQuery, useTimelineQuery, useTimelinesQuery,
  useRenameTimelineMutation, useTimelineChangedSubscription,
} from "./graphql";

export function probe() {
  const me = useMeQuery();
  const username: string | undefined = me.data?.me?.username;
  const timeline = useTimelineQuery({ variables: { id: "t-1" } });
  const title: string | undefined = timeline.data?.timeline?.title;
  useTimelineQuery(skipToken);
  useTimelinesQuery({ variables: { first: 5 } });
  // @ts-expect-error the id variable is required
  useTimelineQuery();
  // @ts-expect-error id is an ID (string), not a number
  useTimelineQuery({ variables: { id: 1 } });
  const [loadMe] = useMeLazyQuery();
  void loadMe();
  const suspended = useMeSuspenseQuery();
  const email: string | null | undefined = suspended.data.me?.email;
  const [rename] = useRenameTimelineMutation();
  void rename({ variables: { input: { id: "t-1", title: "Summer" } } });
  useTimelineChangedSubscription({ variables: { id: "t-1" } });
  return [username, title, email];
}
`,
    );

    const configPath = fileURLToPath(new URL("../tsconfig.json", import.meta.url));
    const parsed = ts.getParsedCommandLineOfConfigFile(
      configPath,
      {},
      {
        ...ts.sys,
        onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
          throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
        },
      },
    );
    if (!parsed) throw new Error("could not read the client tsconfig");
    const program = ts.createProgram([`${dir}graphql.ts`, `${dir}usage.ts`], {
      ...parsed.options,
      noUnusedLocals: false,
    });
    const diagnostics = ts
      .getPreEmitDiagnostics(program)
      .map((d) => `${d.file?.fileName ?? ""}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`);
    expect(diagnostics).toEqual([]);
  }, 60_000);
});
