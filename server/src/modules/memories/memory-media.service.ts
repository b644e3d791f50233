import type { EntityManager } from "typeorm";

/**
 * Writes on a memory's photos and videos that other features make in their own transactions
 * (docs/decisions/051-several-photos-per-memory.md): an account deletion takes the person's files
 * out of the other person's memories, then closes the gaps so position 0 is still the cover.
 */

/** TypeORM answers a DELETE … RETURNING with [rows, rowCount]. */
function returned<T>(result: unknown): T[] {
  return (Array.isArray(result) && Array.isArray(result[0]) ? result[0] : []) as T[];
}

/** Removes these files from every memory that holds them; answers the ids of those memories. */
export async function removeMemoryItems(m: EntityManager, mediaIds: readonly string[]): Promise<string[]> {
  if (!mediaIds.length) return [];
  const rows = returned<{ memory_id: string }>(
    await m.query(`DELETE FROM memory_media WHERE media_file_id = ANY($1::uuid[]) RETURNING memory_id`, [
      [...mediaIds],
    ]),
  );
  return [...new Set(rows.map((r) => r.memory_id))];
}

/** Numbers these memories' media 0, 1, … again in their order and makes the first each one's cover. */
export async function renumberMemoryItems(m: EntityManager, memoryIds: readonly string[]): Promise<void> {
  if (!memoryIds.length) return;
  await m.query(
    `WITH old AS (DELETE FROM memory_media WHERE memory_id = ANY($1::uuid[]) RETURNING memory_id, media_file_id, position)
     INSERT INTO memory_media (memory_id, media_file_id, position)
     SELECT memory_id, media_file_id, (row_number() OVER (PARTITION BY memory_id ORDER BY position) - 1)::int FROM old`,
    [[...memoryIds]],
  );
  await m.query(
    `UPDATE memories m SET media_id = mm.media_file_id FROM memory_media mm
      WHERE mm.memory_id = m.id AND mm.position = 0 AND m.id = ANY($1::uuid[])`,
    [[...memoryIds]],
  );
}
