import type { DataSource, EntityTarget, ObjectLiteral } from "typeorm";

/**
 * Hot reads as hand-written SQL returning plain rows (docs/decisions/028-fast-graphql-path.md):
 * one statement joins what a screen needs (a memory with its media and its author, a timeline
 * with its two people) instead of one statement per relation, and skips the query builder. The
 * column lists and the conversion of each value come from the entities' TypeORM metadata, so an
 * entity's new column appears in these reads without touching them.
 */
export interface RowShape<T> {
  /** `alias.column AS "prefix_column", …` for every column of the entity */
  readonly select: string;
  /** The entity from a raw row, or null when its id is null (a LEFT JOIN that found nothing). */
  from(row: Record<string, unknown>): T | null;
  /** The entity's id in a raw row, without building the entity (null for a LEFT JOIN that found nothing). */
  idOf(row: Record<string, unknown>): string | null;
}

const shapes = new WeakMap<DataSource, Map<string, RowShape<unknown>>>();

/** The select list and hydration of an entity read under `alias`, its columns named `prefix_…`. */
export function rowShape<T extends ObjectLiteral>(
  ds: DataSource,
  target: EntityTarget<T>,
  alias: string,
  prefix = alias,
): RowShape<T> {
  let perDs = shapes.get(ds);
  if (!perDs) shapes.set(ds, (perDs = new Map()));
  const meta = ds.getMetadata(target);
  const key = `${meta.name}|${alias}|${prefix}`;
  const known = perDs.get(key);
  if (known) return known as RowShape<T>;

  const columns = meta.columns.filter((c) => !c.isVirtual);
  const fields = columns.map((c) => ({ column: c, key: `${prefix}_${c.databaseName}` }));
  const primary = fields.find((f) => f.column.isPrimary)!.key;
  const proto = (meta.target as { prototype?: object }).prototype ?? Object.prototype;
  const driver = ds.driver;
  const shape: RowShape<T> = {
    select: fields.map((f) => `${alias}.${f.column.databaseName} AS "${f.key}"`).join(", "),
    from(row) {
      if (row[primary] == null) return null;
      const entity = Object.create(proto) as Record<string, unknown>;
      for (const f of fields) entity[f.column.propertyName] = driver.prepareHydratedValue(row[f.key], f.column);
      return entity as T;
    },
    idOf(row) {
      return (row[primary] as string | null) ?? null;
    },
  };
  perDs.set(key, shape as RowShape<unknown>);
  return shape;
}
