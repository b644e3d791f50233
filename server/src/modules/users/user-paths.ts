/**
 * REST path of one's own data export (docs/product.md §7), handed out by GraphQL `User.exportUrl`.
 * The account module serves it; it sits here because a user's own fields point to it.
 */
export const EXPORT_PATH = "/api/users/me/export";
