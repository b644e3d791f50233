import { In, type DataSource } from "typeorm";
import { likeEscape } from "../../lib/validation.js";
import { User } from "../../entities/user.entity.js";
import { isUuid, type Asker } from "../access/access.service.js";

/** The exact criteria of `GET /api/users/filter` once parsed (docs/product.md §7). */
export interface UserCriteria {
  emailIn?: string[];
  emailEq?: string;
  emailNe?: string;
  username?: string;
  /** Only people who share a timeline with the asker, in any status (e-mail criteria). */
  partnersOnly?: boolean;
}

/**
 * Reads of `users`. Profiles are for signed-in people only; nothing here is answered to a
 * signed-out asker. E-mail addresses leave the server only under the e-mail rule
 * (`Viewer.mayRevealEmail`, docs/decisions/003-privacy-tiers.md), applied where users are
 * presented.
 */
export class UserReads {
  constructor(private readonly ds: DataSource) {}

  private get repo() {
    return this.ds.getRepository(User);
  }

  /** The asker's own account. */
  self(asker: Asker): Promise<User | null> {
    return asker.userId ? this.repo.findOneBy({ id: asker.userId }) : Promise.resolve(null);
  }

  async byId(asker: Asker, id: string): Promise<User | null> {
    if (!asker.userId || !isUuid(id)) return null;
    return this.repo.findOneBy({ id });
  }

  /** Users by id, in one statement (missing ids are skipped). */
  byIds(asker: Asker, ids: readonly string[]): Promise<User[]> {
    const valid = ids.filter(isUuid);
    if (!asker.userId || !valid.length) return Promise.resolve([]);
    return this.repo.findBy({ id: In(valid) });
  }

  /** By exact (normalised) e-mail address; the caller decides what the answer may reveal. */
  byEmail(asker: Asker, email: string): Promise<User | null> {
    return asker.userId ? this.repo.findOneBy({ email }) : Promise.resolve(null);
  }

  /**
   * A lookup by e-mail for what the asker may learn (docs/decisions/017-hostile-input.md): the
   * account only if it is the asker's own or shares a timeline with the asker, in any status;
   * otherwise null, exactly as for an address nobody holds.
   */
  async byEmailIfPartner(asker: Asker, email: string): Promise<User | null> {
    if (!asker.userId) return null;
    const user = await this.repo.findOneBy({ email });
    if (!user) return null;
    if (user.id === asker.userId) return user;
    return (await this.partnersAmong(asker, [user.id])).has(user.id) ? user : null;
  }

  /**
   * Of `userIds`, the people who share a timeline with the asker, in any status (pending,
   * accepted, rejected; active or not): the only people a lookup by e-mail may find. A sealed
   * proposal the asker sent counts only once the invitee has answered it.
   */
  async partnersAmong(asker: Asker, userIds: string[]): Promise<Set<string>> {
    if (!asker.userId || userIds.length === 0) return new Set();
    const rows: { id: string }[] = await this.ds.query(
      `SELECT collaborator_id AS id FROM timelines WHERE created_by_id = $1 AND collaborator_id = ANY($2::uuid[])
         AND NOT (collaborator_sealed AND status = 'pending')
       UNION
       SELECT created_by_id AS id FROM timelines WHERE collaborator_id = $1 AND created_by_id = ANY($2::uuid[])`,
      [asker.userId, userIds],
    );
    return new Set(rows.map((r) => r.id));
  }

  byUsername(asker: Asker, username: string): Promise<User | null> {
    return asker.userId ? this.repo.findOneBy({ username }) : Promise.resolve(null);
  }

  /** The id of the account holding a username, if any. */
  async usernameOwner(asker: Asker, username: string): Promise<string | null> {
    if (!asker.userId) return null;
    const owner = await this.repo.findOne({ where: { username }, select: { id: true } });
    return owner?.id ?? null;
  }

  /**
   * Collaborator search (docs/product.md §5): case-insensitive substring of username, display name or full
   * name; at most `limit`; never the asker. Prefix matches first, then by username.
   */
  search(asker: Asker, q: string, limit: number): Promise<User[]> {
    if (!asker.userId) return Promise.resolve([]);
    const pattern = `%${likeEscape(q)}%`;
    return this.repo
      .createQueryBuilder("u")
      .where("u.id <> :viewerId", { viewerId: asker.userId })
      .andWhere(
        `(u.username ILIKE :pattern ESCAPE '\\' OR u.display_name ILIKE :pattern ESCAPE '\\' OR u.full_name ILIKE :pattern ESCAPE '\\')`,
        { pattern },
      )
      .orderBy(
        `CASE WHEN u.username ILIKE :prefix ESCAPE '\\' OR u.display_name ILIKE :prefix ESCAPE '\\' THEN 0 ELSE 1 END`,
        "ASC",
      )
      .addOrderBy("u.username", "ASC")
      .setParameter("prefix", `${likeEscape(q)}%`)
      .limit(limit)
      .getMany();
  }

  /** Users matching every given criterion, by username, at most `limit`. */
  filter(asker: Asker, c: UserCriteria, limit: number): Promise<User[]> {
    if (!asker.userId) return Promise.resolve([]);
    const qb = this.repo.createQueryBuilder("u").orderBy("u.username", "ASC").limit(limit);
    if (c.emailIn) qb.andWhere("u.email IN (:...list)", { list: c.emailIn });
    if (c.emailEq !== undefined) qb.andWhere("u.email = :eq", { eq: c.emailEq });
    if (c.emailNe !== undefined) qb.andWhere("u.email <> :ne", { ne: c.emailNe });
    if (c.username !== undefined) qb.andWhere("u.username = :name", { name: c.username });
    if (c.partnersOnly) {
      qb.andWhere(
        `u.id IN (SELECT collaborator_id FROM timelines WHERE created_by_id = :viewerId AND collaborator_id IS NOT NULL
            AND NOT (collaborator_sealed AND status = 'pending')
          UNION SELECT created_by_id FROM timelines WHERE collaborator_id = :viewerId)`,
        { viewerId: asker.userId },
      );
    }
    return qb.getMany();
  }
}
