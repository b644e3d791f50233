import { esc } from "./html";

/**
 * Pieces shared by the public pages (/, /privacy, /terms), rendered into the HTML at build time
 * by build/site-pages.ts. `home` is "" on the landing page (same-page anchors) and "/" elsewhere.
 */
export interface SiteContext {
  /** The support address shown in the header and footer. */
  supportEmail: string;
  /** Prefix of the landing page's anchors: "" on the landing page itself, "/" on other pages. */
  home: "" | "/";
}

/** The brand mark (two interlocking rings), decorative: the visible word names the link. */
const mark = `<svg class="brand-mark" width="28" height="28" viewBox="0 0 64 64" aria-hidden="true" focusable="false"><rect width="64" height="64" rx="14" fill="#0f766e"/><g fill="none" stroke="#f7faf9" stroke-width="3.3"><circle cx="25.4" cy="32" r="12.3"/><circle cx="38.6" cy="32" r="12.3"/></g></svg>`;

const brand = `<a class="brand" href="/">${mark}<span>Keepsake</span></a>`;

const mailto = (ctx: SiteContext) => `mailto:${esc(ctx.supportEmail)}`;

/** The header of every public page: the brand, the landing page's sections, Contact and `action`. */
function siteHeader(ctx: SiteContext, action: string): string {
  const h = ctx.home;
  return `<header class="site-header">
  <div class="wrap header-inner">
    ${brand}
    <nav class="header-nav" aria-label="Site">
      <a href="${h}#product">Product</a>
      <a href="${h}#privacy">Privacy</a>
      <a href="${h}#faq">FAQ</a>
      <a href="${mailto(ctx)}">Contact</a>
    </nav>
    ${action}
  </div>
</header>`;
}

/** The landing page's header, with the "Get a magic link" button. */
export function landingHeader(ctx: SiteContext): string {
  return siteHeader(
    ctx,
    `<button type="button" class="btn btn-primary btn-compact header-action" data-open-magic-link>Get a magic link</button>`,
  );
}

/** The header of the legal pages, with "Sign in". */
export function legalHeader(ctx: SiteContext): string {
  return siteHeader(ctx, `<a class="btn btn-primary btn-compact header-action" href="/login">Sign in</a>`);
}

/** The footer of every public page: Product, Legal, Contact, and the copyright line (no year: the page is built once and served for years). */
export function siteFooter(ctx: SiteContext): string {
  const h = ctx.home;
  return `<footer class="site-footer">
  <div class="wrap footer-grid">
    <section aria-labelledby="footer-product">
      <h2 id="footer-product" class="footer-title">Product</h2>
      <ul class="footer-links">
        <li><a href="${h}#product">How it works</a></li>
        <li><a href="${h}#privacy">Privacy tiers</a></li>
        <li><a href="${h}#faq">FAQ</a></li>
      </ul>
    </section>
    <section aria-labelledby="footer-legal">
      <h2 id="footer-legal" class="footer-title">Legal</h2>
      <ul class="footer-links">
        <li><a href="/privacy">Privacy Policy</a></li>
        <li><a href="/terms">Terms of Service</a></li>
      </ul>
    </section>
    <section aria-labelledby="footer-contact">
      <h2 id="footer-contact" class="footer-title">Contact</h2>
      <ul class="footer-links">
        <li><a href="${mailto(ctx)}">${esc(ctx.supportEmail)}</a></li>
      </ul>
    </section>
  </div>
  <p class="wrap copyright">© Keepsake</p>
</footer>`;
}
