/**
 * Generates a TypeORM migration from the difference between the entities and a database that
 * has every existing migration applied (a throw-away embedded PostgreSQL):
 *   npm run migration:generate -w server -- <Name>
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createDataSource } from "./data-source.js";
import { startEmbeddedPostgres } from "./embedded-postgres.js";

const name = process.argv[2];
if (!name || !/^[A-Z][A-Za-z0-9]+$/.test(name)) {
  console.error("usage: migration:generate <PascalCaseName>");
  process.exit(2);
}
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "keepsake-gen-"));
const pg = await startEmbeddedPostgres({ dir: path.join(dir, "pg") });
try {
  const ds = createDataSource(pg.url);
  await ds.initialize();
  await ds.runMigrations({ transaction: "each" });
  const sql = await ds.driver.createSchemaBuilder().log();
  await ds.destroy();
  if (sql.upQueries.length === 0) {
    console.log("No changes: the entities match the migrations.");
  } else {
    const ts = Date.now();
    const q = (s: string) => "`" + s.replace(/\\/g, "\\\\").replace(/`/g, "\\`").replace(/\$\{/g, "\\${") + "`";
    const up = sql.upQueries.map((x) => `    await queryRunner.query(${q(x.query)});`).join("\n");
    const down = [...sql.downQueries]
      .reverse()
      .map((x) => `    await queryRunner.query(${q(x.query)});`)
      .join("\n");
    const file = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations", `${ts}-${name}.ts`);
    fs.writeFileSync(
      file,
      `import type { MigrationInterface, QueryRunner } from "typeorm";\n\n` +
        `export class ${name}${ts} implements MigrationInterface {\n  name = "${name}${ts}";\n\n` +
        `  public async up(queryRunner: QueryRunner): Promise<void> {\n${up}\n  }\n\n` +
        `  public async down(queryRunner: QueryRunner): Promise<void> {\n${down}\n  }\n}\n`,
    );
    console.log(`Wrote ${file}; add it to migrations/index.ts.`);
  }
} finally {
  await pg.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
