import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/test-app.js";

/**
 * The schema is never synchronised (README, "New migration after changing an entity"): after every
 * migration has run, TypeORM must find nothing to change, or an entity edit is missing its migration.
 */
describe("migrations match the entities", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("leaves no schema difference after all migrations", async () => {
    const sql = await t.ds.driver.createSchemaBuilder().log();
    expect(sql.upQueries.map((q) => q.query)).toEqual([]);
  });
});
