import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLSchema,
} from "graphql";

/** One root field of the schema, as tests call it: its operation kind, name, arguments and a selection. */
export interface SchemaOperation {
  kind: "query" | "mutation";
  name: string;
  args: readonly GraphQLArgument[];
  /** The operation text taking each argument as a variable of the same name. */
  document: string;
}

function selectionOf(field: GraphQLField<unknown, unknown>): string {
  return isObjectType(getNamedType(field.type)) ? " { __typename }" : "";
}

/** Every query and mutation of the schema (introspected, never hand-listed). */
export function schemaOperations(schema: GraphQLSchema): SchemaOperation[] {
  const out: SchemaOperation[] = [];
  for (const [kind, type] of [
    ["query", schema.getQueryType()],
    ["mutation", schema.getMutationType()],
  ] as const) {
    for (const field of Object.values(type?.getFields() ?? {})) {
      const vars = field.args.map((a) => `$${a.name}: ${String(a.type)}`).join(", ");
      const call = field.args.map((a) => `${a.name}: $${a.name}`).join(", ");
      out.push({
        kind,
        name: field.name,
        args: field.args,
        document: `${kind}${vars ? `(${vars})` : ""} { ${field.name}${call ? `(${call})` : ""}${selectionOf(field)} }`,
      });
    }
  }
  return out;
}

/**
 * A plausible value of an input type: strings "x", ids a fixed UUID, enums their first value,
 * uploads null, input objects every field. `text(path)` may replace any string (path: field names).
 */
export function sampleValue(
  type: GraphQLInputType,
  text: (path: string[]) => string | undefined = () => undefined,
  path: string[] = [],
): unknown {
  if (isNonNullType(type)) return sampleValue(type.ofType, text, path);
  if (isListType(type)) return [sampleValue(type.ofType, text, path)];
  if (isEnumType(type)) return type.getValues()[0]!.value;
  if (isInputObjectType(type)) {
    return Object.fromEntries(
      Object.values(type.getFields()).map((f) => [f.name, sampleValue(f.type, text, [...path, f.name])]),
    );
  }
  if (isScalarType(type)) {
    const replaced = text(path);
    switch (type.name) {
      case "String":
        return replaced ?? "x";
      case "ID":
        return replaced ?? "00000000-0000-4000-8000-000000000000";
      case "Int":
        return 1;
      case "Float":
        return 1.5;
      case "Boolean":
        return true;
      case "Upload":
        return null;
      default:
        return replaced ?? "x";
    }
  }
  return null;
}

/** The paths (argument name first) of every String or ID leaf of an operation's arguments. */
export function textPaths(op: SchemaOperation): string[][] {
  const out: string[][] = [];
  const walk = (type: GraphQLInputType, path: string[]) => {
    const named = getNamedType(type);
    if (isInputObjectType(named)) for (const f of Object.values(named.getFields())) walk(f.type, [...path, f.name]);
    else if (isScalarType(named) && (named.name === "String" || named.name === "ID")) out.push(path);
  };
  for (const a of op.args) walk(a.type, [a.name]);
  return out;
}

/** Variables for an operation, with `value` at `target` (a path from textPaths). */
export function variablesWith(op: SchemaOperation, target: string[] | null, value: string): Record<string, unknown> {
  const vars: Record<string, unknown> = {};
  for (const a of op.args) {
    vars[a.name] = sampleValue(a.type, (p) =>
      target && target.length === p.length + 1 && target[0] === a.name && target.slice(1).join(".") === p.join(".")
        ? value
        : undefined,
    );
    if (target && target.length === 1 && target[0] === a.name) vars[a.name] = value;
  }
  return vars;
}
