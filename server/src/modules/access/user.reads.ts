import { In, type DataSource } from "typeorm";
import { likeEscape } from "../../lib/validation.js";
import { User } from "../users/user.entity.js";
import { isUuid, type Viewer } from "./access.service.js";

/** Who asks: a request's Viewer, or the id of the signed-in person a service acts for. */
export type Asker = Pick<Viewer, "userId">;

/** The exact criteria of `GET /api/users/filter` once parsed (spec §7). */
export interface UserCriteria {
  emailIn?: string[];
  emailEq?: string;
  emailNe?: string;
  username?: string;
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
   * Collaborator search (spec §5): case-insensitive substring of username, display name or full
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
    return qb.getMany();
  }
}
