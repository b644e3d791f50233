import type { ApolloServerPlugin } from "@apollo/server";
import { GraphQLError, Kind, visit, type ASTNode, type DocumentNode } from "graphql";
import { findRefusedText, refusedTextMessage, textRefusal, type TextRefusal } from "../lib/text-rules.js";

/** The field a string literal of the document belongs to: the nearest argument or object field name. */
function literalRefusal(document: ASTNode): TextRefusal | null {
  let bad: TextRefusal | null = null;
  const names: string[] = [];
  visit(document, {
    Argument: { enter: (n) => void names.push(n.name.value), leave: () => void names.pop() },
    ObjectField: { enter: (n) => void names.push(n.name.value), leave: () => void names.pop() },
    StringValue(n) {
      const field = names.at(-1) ?? "value";
      bad ??= textRefusal(n.value, field);
    },
  });
  return bad;
}

/** The literal check per document: Apollo hands the same DocumentNode for the same query text. */
const literalVerdicts = new WeakMap<DocumentNode, TextRefusal | null>();

function documentRefusal(document: DocumentNode): TextRefusal | null {
  if (!literalVerdicts.has(document)) {
    const hasOperation = document.definitions.some((d) => d.kind === Kind.OPERATION_DEFINITION);
    literalVerdicts.set(document, hasOperation ? literalRefusal(document) : null);
  }
  return literalVerdicts.get(document)!;
}

/**
 * The GraphQL side of the text rules (lib/text-rules.ts): every string of the variables and every
 * string literal of the operation, before it runs. A refusal is HTTP 400 with
 * `extensions.code: BAD_USER_INPUT` and a message naming the field.
 */
export function textGuardPlugin<T extends object>(): ApolloServerPlugin<T> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ request, document }) {
          const bad = findRefusedText(request.variables ?? {}) ?? documentRefusal(document);
          if (!bad) return;
          throw new GraphQLError(refusedTextMessage(bad), {
            extensions: { code: "BAD_USER_INPUT", field: bad.field, http: { status: 400 } },
          });
        },
      };
    },
  };
}
