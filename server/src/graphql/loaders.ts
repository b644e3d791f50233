import DataLoader from "dataloader";
import { In, type DataSource } from "typeorm";
import { User } from "../modules/users/user.entity.js";

/** Loads rows by id in one query per tick, keeping the input order (missing → null). */
export function byIdLoader<T extends { id: string }>(load: (ids: string[]) => Promise<T[]>) {
  return new DataLoader<string, T | null>(async (ids) => {
    const rows = await load([...ids]);
    const map = new Map(rows.map((r) => [r.id, r]));
    return ids.map((id) => map.get(id) ?? null);
  });
}

/** Per-request DataLoaders: an operation's SQL statement count must not grow with list sizes. */
export function createLoaders(ds: DataSource) {
  return {
    userById: byIdLoader((ids) => ds.getRepository(User).findBy({ id: In(ids) })),
  };
}

export type Loaders = ReturnType<typeof createLoaders>;
