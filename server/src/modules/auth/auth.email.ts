/**
 * The sign-in e-mail: a plain-text and an HTML part that read well on a phone. The link is built
 * from APP_URL only (never a request header), short, with no tracking (docs/sign-in-requirements.md A7, C15).
 */
import escapeHtml from "escape-html";

export interface SignInEmailInput {
  appUrl: string;
  token: string;
  code: string;
  email: string;
  minutes: number;
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
  link: string;
}

export function signInLink(appUrl: string, token: string): string {
  return `${appUrl.replace(/\/+$/, "")}/auth/verify?token=${encodeURIComponent(token)}`;
}

export function renderSignInEmail({ appUrl, token, code, email, minutes }: SignInEmailInput): RenderedEmail {
  const link = signInLink(appUrl, token);
  const subject = "Your Keepsake sign-in link";
  const text = [
    "Sign in to Keepsake",
    "",
    `Someone (hopefully you) asked to sign in to Keepsake as ${email}.`,
    "",
    "Open this link to sign in:",
    link,
    "",
    `Or enter this code in the app: ${code}`,
    "",
    `The link and the code are valid for ${minutes} minutes and work once.`,
    "If it was not you, ignore this e-mail: nothing happens without the link or the code.",
    "",
    "— Keepsake",
  ].join("\n");

  const e = { link: escapeHtml(link), email: escapeHtml(email), code: escapeHtml(code) };
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f6f4f1;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#2b2b2b;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f6f4f1;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:480px;background:#ffffff;border-radius:16px;">
<tr><td style="padding:28px 24px;">
<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;">Sign in to Keepsake</h1>
<p style="margin:0 0 20px;font-size:16px;line-height:1.5;">Someone (hopefully you) asked to sign in to Keepsake as <strong>${e.email}</strong>.</p>
<p style="margin:0 0 24px;text-align:center;">
<a href="${e.link}" style="display:inline-block;padding:14px 28px;background:#0f766e;color:#ffffff;font-size:17px;font-weight:600;text-decoration:none;border-radius:999px;">Sign in to Keepsake</a>
</p>
<p style="margin:0 0 8px;font-size:15px;line-height:1.5;">Or enter this code in the app:</p>
<p style="margin:0 0 24px;font-size:28px;font-weight:700;letter-spacing:6px;font-family:ui-monospace,Menlo,Consolas,monospace;">${e.code}</p>
<p style="margin:0 0 12px;font-size:14px;line-height:1.5;color:#555;">The link and the code are valid for ${minutes} minutes and work once.</p>
<p style="margin:0 0 12px;font-size:14px;line-height:1.5;color:#555;">If it was not you, ignore this e-mail: nothing happens without the link or the code.</p>
<p style="margin:0;font-size:12px;line-height:1.5;color:#777;word-break:break-all;">If the button does not work, copy this link into your browser: ${e.link}</p>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
  return { subject, text, html, link };
}
