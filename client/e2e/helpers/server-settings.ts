/**
 * Settings of the journeys' server that journeys also need to know (client/playwright.config.ts
 * passes them to the server). The per-address wait between two sign-in mails is shortened from a
 * minute, so a journey that signs the same address in twice need not wait it out, while
 * `sign-in.spec.ts` still has time to see the countdown of a second request.
 */
export const SIGN_IN_COOLDOWN_SECONDS = 20;
