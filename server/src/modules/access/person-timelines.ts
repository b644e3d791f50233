/**
 * "The timelines a person is in": created by them or with them as the collaborator, in any
 * status. The one definition every read of a person's timelines uses (their own list, a profile,
 * the connection web, the partners e-mails are shown to, an account deletion); each read adds its
 * own status filter. `alias` is the timelines table's alias, `param` the placeholder of the
 * person's id (`:uid` in TypeORM, `$1` in raw SQL).
 */
export function personInTimeline(alias: string, param: string): string {
  return `(${alias}.created_by_id = ${param} OR ${alias}.collaborator_id = ${param})`;
}
