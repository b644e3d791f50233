import type { EntityManager } from "typeorm";
import { queryRows } from "../../db/query-rows.js";
import { isReservedUsername } from "../users/reserved-usernames.js";
import { User } from "../../entities/user.entity.js";
import { displayNameFrom, usernameBase, usernameCandidate } from "../../lib/email-address.js";

/**
 * The account of a verified address, created on first sign-in (docs/sign-in-requirements.md E26), race-safe:
 * INSERT … ON CONFLICT DO NOTHING, then SELECT. A concurrent insert of the same address waits
 * on the unique index and then finds the winner's row; a username taken in the meantime moves
 * on to the next candidate.
 */
export async function findOrCreateUser(
  manager: EntityManager,
  email: string,
): Promise<{ user: User; created: boolean }> {
  const repo = manager.getRepository(User);
  const existing = await repo.findOneBy({ email });
  if (existing) return { user: existing, created: false };

  const base = usernameBase(email);
  const displayName = displayNameFrom(email);
  for (let attempt = 0; attempt < 8; attempt++) {
    const username = await freeUsername(manager, base, attempt);
    const inserted = await queryRows<{ id: string }>(
      manager,
      `INSERT INTO "users" ("email", "username", "display_name") VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING "id"`,
      [email, username, displayName],
    );
    if (inserted[0]) return { user: await repo.findOneByOrFail({ id: inserted[0].id }), created: true };
    const winner = await repo.findOneBy({ email });
    if (winner) return { user: winner, created: false };
    // the username was taken concurrently: try again with a fresh look at what is free
  }
  throw new Error("could not find a free username");
}

/** The first candidate not yet taken; after a lost race, candidates further along. */
async function freeUsername(manager: EntityManager, base: string, skip: number): Promise<string> {
  const prefix = base.slice(0, 24);
  const taken = new Set(
    (
      await queryRows<{ username: string }>(manager, `SELECT "username" FROM "users" WHERE "username" LIKE $1`, [
        `${prefix}%`,
      ])
    ).map((r) => r.username),
  );
  let skipped = 0;
  for (let n = 1; n < 100_000; n++) {
    const candidate = usernameCandidate(base, n);
    if (taken.has(candidate) || isReservedUsername(candidate)) continue;
    if (skipped++ >= skip) return candidate;
  }
  throw new Error("could not find a free username");
}
