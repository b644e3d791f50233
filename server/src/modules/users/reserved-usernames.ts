/**
 * Usernames nobody may take (docs/decisions/017-hostile-input.md), in the contract so the client
 * says "reserved" before asking (docs/decisions/030-one-contract.md).
 */
export { isReservedUsername, RESERVED_USERNAMES, USERNAME_RESERVED } from "@keepsake/contract";
