import type { ApolloServerPlugin } from "@apollo/server";
import { GraphQLError, visit, type DocumentNode, type GraphQLSchema } from "graphql";
import { createRequire } from "node:module";
import type { ComplexityEstimator } from "graphql-query-complexity";
import { isWellFormedCursor, PAGE_LIMITS } from "../db/keyset.js";

// The CommonJS build: it uses the same `graphql` instance as type-graphql, which built the
// schema (the ESM build would load the other one and refuse the schema's types).
const { getComplexity, simpleEstimator } = createRequire(import.meta.url)(
  "graphql-query-complexity",
) as typeof import("graphql-query-complexity");

/**
 * At most this many objects and fields per query, counting each connection's `first` as a
 * multiplier of what it selects per edge (docs/decisions/024-paged-reads.md): one page of 100
 * timelines with 100 memories each (over 30 000) is refused before it runs; the app's own
 * screens stay well below (the View Timeline page of 30 memories costs about 900).
 */
export const MAX_QUERY_COST = 5000;

function badInput(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: "BAD_USER_INPUT", http: { status: 400 } } });
}

/** `first` × the cost of one edge for connection fields; a bad `first` or `after` is recorded. */
function connectionEstimator(problems: GraphQLError[]): ComplexityEstimator {
  return ({ args, field, childComplexity }) => {
    if (!field.args.some((a) => a.name === "first")) return undefined;
    const first: unknown = args.first ?? PAGE_LIMITS.graphql.default;
    if (typeof first !== "number" || !Number.isInteger(first) || first < 0 || first > PAGE_LIMITS.graphql.max) {
      problems.push(badInput(`first must be an integer from 0 to ${PAGE_LIMITS.graphql.max}`));
      return 1;
    }
    if (args.after != null && (typeof args.after !== "string" || !isWellFormedCursor(args.after))) {
      problems.push(badInput("Invalid cursor: after"));
    }
    return 1 + first * childComplexity;
  };
}

/**
 * The variables a document's cost can depend on: those given to a `first` or `after` argument or
 * to a directive (`@include(if: $x)`). Everything else (ids, inputs) leaves the cost unchanged.
 */
function costVariables(document: DocumentNode): string[] {
  const names = new Set<string>();
  const collect = (node: { value: unknown }) =>
    visit(node.value as DocumentNode, { Variable: (v) => void names.add(v.name.value) });
  visit(document, {
    Argument: (arg) => void ((arg.name.value === "first" || arg.name.value === "after") && collect(arg)),
    Directive: (d) => void d.arguments?.forEach(collect),
  });
  return [...names].sort();
}

/** What getComplexity found: the cost, or the first bad page argument; null: the variables do not fit. */
type Verdict = { cost: number; problem?: GraphQLError } | null;

/**
 * Verdicts per document, keyed by the operation and the values of the cost variables: Apollo
 * hands the same DocumentNode for the same query text (its document cache), so a screen's query
 * is costed once per distinct page size, not on every request (docs/decisions/028-fast-graphql-path.md).
 */
const verdicts = new WeakMap<DocumentNode, { vars: string[]; byKey: Map<string, Verdict> }>();
const MAX_VERDICTS_PER_DOCUMENT = 200;

function verdictOf(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | undefined,
  variables: Record<string, unknown>,
): Verdict {
  let entry = verdicts.get(document);
  if (!entry) verdicts.set(document, (entry = { vars: costVariables(document), byKey: new Map() }));
  const key = JSON.stringify([operationName ?? null, ...entry.vars.map((v) => variables[v] ?? null)]);
  if (entry.byKey.has(key)) return entry.byKey.get(key)!;
  const problems: GraphQLError[] = [];
  let verdict: Verdict;
  try {
    const cost = getComplexity({
      schema,
      query: document,
      operationName,
      variables,
      estimators: [connectionEstimator(problems), simpleEstimator({ defaultComplexity: 1 })],
    });
    verdict = { cost, problem: problems[0] };
  } catch (err) {
    // variables that do not fit the operation: execution answers that with its own error
    if (!(err instanceof Error && err.name === "GraphQLError")) throw err;
    verdict = null;
  }
  if (entry.byKey.size >= MAX_VERDICTS_PER_DOCUMENT) entry.byKey.clear();
  entry.byKey.set(key, verdict);
  return verdict;
}

/**
 * Before an operation runs: bad page arguments are a 400 BAD_USER_INPUT, and a query over
 * MAX_QUERY_COST is a 400 QUERY_TOO_COMPLEX naming its cost.
 */
export function listSizePlugin<T extends object>(schema: GraphQLSchema): ApolloServerPlugin<T> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ request, document, operationName }) {
          const verdict = verdictOf(schema, document, operationName ?? undefined, request.variables ?? {});
          if (!verdict) return;
          if (verdict.problem) throw verdict.problem;
          const cost = verdict.cost;
          if (cost > MAX_QUERY_COST) {
            throw new GraphQLError(`Query is too complex: ${cost} objects and fields (at most ${MAX_QUERY_COST})`, {
              extensions: { code: "QUERY_TOO_COMPLEX", cost, maxCost: MAX_QUERY_COST, http: { status: 400 } },
            });
          }
        },
      };
    },
  };
}
