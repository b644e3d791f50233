import DataLoader from "dataloader";
import { In, type DataSource } from "typeorm";
import { MediaFile } from "../modules/media/media-file.entity.js";
import { User } from "../modules/users/user.entity.js";
import { Memory } from "../modules/memories/memory.entity.js";
import { compareMemories } from "../modules/memories/memory.service.js";
import { Timeline } from "../modules/timelines/timeline.entity.js";

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
    mediaById: byIdLoader((ids) => ds.getRepository(MediaFile).findBy({ id: In(ids) })),
    // Domain relations (timelines/memories). Callers only ask for rows of timelines that already
    // passed the access policy (AccessService), so these loaders do not re-check.
    timelineById: byIdLoader((ids) => ds.getRepository(Timeline).findBy({ id: In(ids) })),
    memoriesByTimelineId: new DataLoader<string, Memory[]>(async (ids) => {
      const rows = await ds.getRepository(Memory).findBy({ timelineId: In([...ids]) });
      const groups = new Map<string, Memory[]>(ids.map((id) => [id, []]));
      for (const m of rows) groups.get(m.timelineId)?.push(m);
      return ids.map((id) => groups.get(id)!.sort(compareMemories));
    }),
    memoryCountByTimelineId: new DataLoader<string, number>(async (ids) => {
      const rows: { timeline_id: string; n: string }[] = await ds.query(
        `SELECT timeline_id, count(*) AS n FROM memories WHERE timeline_id = ANY($1::uuid[]) GROUP BY timeline_id`,
        [[...ids]],
      );
      const counts = new Map(rows.map((r) => [r.timeline_id, Number(r.n)]));
      return ids.map((id) => counts.get(id) ?? 0);
    }),
  };
}

export type Loaders = ReturnType<typeof createLoaders>;
