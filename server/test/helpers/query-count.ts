import type { DataSource } from "typeorm";

/**
 * Counts the SQL statements the app runs through TypeORM (docs/performance-goals.md A2): TypeORM calls
 * `logger.logQuery` for every statement a query runner executes (PostgresQueryRunner.query, also
 * when logging is off), so wrapping it sees every ORM and `ds.query` statement, including BEGIN /
 * COMMIT. Statements that bypass TypeORM are not counted: the session store (connect-pg-simple)
 * and the rate limiter use the pg pool directly; both are constant per request.
 */
export class QueryCounter {
  statements: string[] = [];
  private readonly original: DataSource["logger"]["logQuery"];

  constructor(private readonly ds: DataSource) {
    const logger = ds.logger;
    this.original = logger.logQuery.bind(logger);
    logger.logQuery = (query, parameters, queryRunner) => {
      this.statements.push(query);
      return this.original(query, parameters, queryRunner);
    };
  }

  reset(): void {
    this.statements = [];
  }

  get count(): number {
    return this.statements.length;
  }

  /** Statements run by `fn`. */
  async measure(fn: () => Promise<unknown>): Promise<number> {
    this.reset();
    await fn();
    return this.count;
  }

  restore(): void {
    this.ds.logger.logQuery = this.original;
  }
}
