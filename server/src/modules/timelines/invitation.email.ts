import escapeHtml from "escape-html";
import type { MailMessage } from "../../lib/mailer.js";

/**
 * The e-mail an invited address without an account receives. The link is built from APP_URL only
 * (never the Host header); signing in with this address shows the proposal.
 */
export function invitationMail(input: { appUrl: string; to: string; inviterName: string; title: string }): MailMessage {
  const link = `${input.appUrl}/login`;
  const subject = `${input.inviterName} invited you to share a timeline on Keepsake`;
  const text =
    `${input.inviterName} would like to share the timeline "${input.title}" with you on Keepsake, ` +
    `a private place for the memories of two people.\n\n` +
    `Sign in with this e-mail address (${input.to}) to accept or decline:\n${link}\n\n` +
    `If you don't know ${input.inviterName}, you can ignore this message.\n`;
  const html =
    `<p>${escapeHtml(input.inviterName)} would like to share the timeline “${escapeHtml(input.title)}” with you on Keepsake, ` +
    `a private place for the memories of two people.</p>` +
    `<p><a href="${escapeHtml(link)}">Sign in</a> with this e-mail address (${escapeHtml(input.to)}) to accept or decline.</p>` +
    `<p>If you don't know ${escapeHtml(input.inviterName)}, you can ignore this message.</p>`;
  return { to: input.to, subject: subject.slice(0, 200), text, html };
}
