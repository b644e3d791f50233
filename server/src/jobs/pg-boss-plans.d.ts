/** pg-boss 10's SQL builders (a CommonJS module without typings): the statements that settle a job. */
declare module "pg-boss/src/plans.js" {
  const plans: {
    completeJobs(schema: string): string;
    failJobsById(schema: string): string;
  };
  export default plans;
}
