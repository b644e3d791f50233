import escapeHtml from "escape-html";
import type { MailMessage } from "../../lib/mailer.js";
import { clipText } from "../../lib/text-rules.js";

/**
 * The most of the inviter's own words an invitation carries to an address (in characters): their
 * name and the timeline's title, nothing else they typed (docs/decisions/032-who-may-learn-whom.md).
 */
export const INVITATION_NAME_MAX = 60;
export const INVITATION_TITLE_MAX = 100;

const words = (text: string, max: number) => {
  const clipped = clipText(text, max);
  return clipped === text ? text : `${clipped}…`;
};

/**
 * The e-mail an invited address without an account receives. It goes to any address, so what the
 * inviter wrote is bounded and set apart as their words, never in the subject; the link is built
 * from APP_URL only (never the Host header); signing in with this address shows the proposal.
 */
export function invitationMail(input: { appUrl: string; to: string; inviterName: string; title: string }): MailMessage {
  const link = `${input.appUrl}/login`;
  const name = words(input.inviterName, INVITATION_NAME_MAX);
  const title = words(input.title, INVITATION_TITLE_MAX);
  const subject = "You are invited to share a timeline on Keepsake";
  const text =
    `Someone invited you to share a timeline on Keepsake, a private place for the memories of two people.\n\n` +
    `In their own words (Keepsake shows them as they were typed and did not write them):\n` +
    `  Their name: "${name}"\n` +
    `  The timeline: "${title}"\n\n` +
    `Sign in with this e-mail address (${input.to}) to accept or decline:\n${link}\n\n` +
    `If you don't know who this is, you can ignore this message.\n`;
  const html =
    `<p>Someone invited you to share a timeline on Keepsake, a private place for the memories of two people.</p>` +
    `<p>In their own words (Keepsake shows them as they were typed and did not write them):</p>` +
    `<blockquote style="margin:0 0 16px;padding:8px 12px;border-left:3px solid #ccc;color:#444">` +
    `Their name: “${escapeHtml(name)}”<br>The timeline: “${escapeHtml(title)}”</blockquote>` +
    `<p><a href="${escapeHtml(link)}">Sign in</a> with this e-mail address (${escapeHtml(input.to)}) to accept or decline.</p>` +
    `<p>If you don't know who this is, you can ignore this message.</p>`;
  return { to: input.to, subject, text, html };
}
