import { ArgsType, Field, Int, ObjectType, type ClassType } from "type-graphql";
import { PAGE_LIMITS, decodeCursor, pageSize, type KeysetOrder, type Page, type PageRequest } from "../db/keyset.js";

/**
 * Relay cursor connections (the GraphQL Cursor Connections specification; why and how:
 * docs/decisions/024-paged-reads.md). Forward paging only: `first` (default 30, at most 100) and
 * `after` (an opaque cursor from `edges.cursor` or `pageInfo.endCursor`).
 */

@ObjectType({ simpleResolvers: true, description: "Where a page of a connection sits in the whole list" })
export class PageInfo {
  @Field(() => Boolean)
  hasNextPage!: boolean;

  @Field(() => Boolean, { description: "true when the page was asked for after a cursor" })
  hasPreviousPage!: boolean;

  @Field(() => String, { nullable: true })
  startCursor!: string | null;

  @Field(() => String, { nullable: true })
  endCursor!: string | null;
}

@ArgsType()
export class ConnectionArgs {
  @Field(() => Int, {
    nullable: true,
    defaultValue: PAGE_LIMITS.graphql.default,
    description: `page size, 0 to ${PAGE_LIMITS.graphql.max}`,
  })
  first?: number | null;

  @Field(() => String, { nullable: true, description: "the cursor of the last edge already read" })
  after?: string | null;
}

/** The page a caller asks for; a bad `first` or `after` is a BAD_USER_INPUT error. */
export function pageRequest(args: ConnectionArgs, order: KeysetOrder<never>): PageRequest {
  return {
    size: pageSize(args.first, PAGE_LIMITS.graphql, "first", 0),
    after: args.after ? decodeCursor(order, args.after) : null,
  };
}

export interface Edge<T> {
  cursor: string;
  node: T;
}

export interface Connection<T> {
  edges: Edge<T>[];
  pageInfo: PageInfo;
}

/** A connection value from a page. */
export function connectionOf<T>(page: Page<T>, args: ConnectionArgs): Connection<T> {
  return {
    edges: page.items.map((node, i) => ({ node, cursor: page.cursors[i]! })),
    pageInfo: {
      hasNextPage: page.hasNextPage,
      hasPreviousPage: !!args.after,
      startCursor: page.cursors[0] ?? null,
      endCursor: page.cursors.at(-1) ?? null,
    },
  };
}

/** The `<Name>Edge` object type of a node type (each module declares its own `<Name>Connection`). */
export function edgeType<T extends object>(name: string, node: ClassType<T>) {
  @ObjectType(`${name}Edge`, { simpleResolvers: true })
  class EdgeType {
    @Field(() => String)
    cursor!: string;

    @Field(() => node)
    node!: T;
  }
  return EdgeType;
}
