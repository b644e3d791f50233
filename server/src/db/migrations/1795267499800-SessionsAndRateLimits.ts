import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Tables owned by libraries rather than entities (TypeORM's schema diff ignores them):
 * connect-pg-simple's `session` (its documented table.sql, plus an index to find a user's
 * sessions for "log out everywhere") and rate-limiter-flexible's Postgres store.
 */
export class SessionsAndRateLimits1795267499800 implements MigrationInterface {
  name = "SessionsAndRateLimits1795267499800";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "session" ("sid" varchar NOT NULL COLLATE "default", "sess" json NOT NULL, "expire" timestamp(6) NOT NULL, CONSTRAINT "session_pkey" PRIMARY KEY ("sid"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_session_expire" ON "session" ("expire")`);
    await queryRunner.query(`CREATE INDEX "IDX_session_user" ON "session" (("sess"->>'userId'))`);
    await queryRunner.query(
      `CREATE TABLE "rate_limits" ("key" varchar(255) NOT NULL, "points" integer NOT NULL DEFAULT 0, "expire" bigint, CONSTRAINT "rate_limits_pkey" PRIMARY KEY ("key"))`,
    );
    await queryRunner.query(`CREATE INDEX "rate_limits_expire_idx" ON "rate_limits" ("expire")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "rate_limits"`);
    await queryRunner.query(`DROP TABLE "session"`);
  }
}
