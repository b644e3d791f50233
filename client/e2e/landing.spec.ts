import { axeViolations, PUBLIC_PAGE_TAGS } from "./helpers/axe";
import { expect, test, type Locator, type Page } from "./helpers/test";
import { signInLinkOf, waitForMail } from "./helpers/outbox";
import { saveShot } from "./helpers/journey";

/** The public landing page (docs/product.md §2 "Landing page (public)") on a phone. */
test.use({ viewport: { width: 390, height: 844 } });

const SENT = "Please check your email for the login link!";

/** Fails the test on uncaught exceptions in the page; console errors are collected for inspection. */
function watch(page: Page): { errors: Error[]; consoleErrors: string[] } {
  const errors: Error[] = [];
  const consoleErrors: string[] = [];
  page.on("pageerror", (error) => errors.push(error));
  page.on("console", (msg) => {
    if (msg.type() === "error") consoleErrors.push(msg.text());
  });
  return { errors, consoleErrors };
}

const uniqueEmail = (tag: string) => `landing-${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

const seriousAxeViolations = (page: Page) => axeViolations(page, PUBLIC_PAGE_TAGS);

const memoryViewer = (page: Page) => page.getByRole("dialog", { name: /.+/ }).and(page.locator("#memory-viewer"));

async function expectViewerShows(page: Page, opener: Locator) {
  const caption = (await opener.locator(".memory-caption").textContent())?.trim() ?? "";
  await opener.click();
  const viewer = memoryViewer(page);
  await expect(viewer).toBeVisible();
  await expect(viewer.getByRole("heading", { level: 2, name: caption })).toBeVisible();
  await expect(viewer.getByRole("heading", { name: "Why this moment matters" })).toBeVisible();
  const photo = viewer.locator("img.viewer-photo");
  await expect(photo).toHaveAttribute("alt", /\w/);
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  return viewer;
}

test.describe("landing page", () => {
  test("every section of the spec is there, with only the landing page's own script", async ({ page }) => {
    const { errors } = watch(page);
    const scripts: string[] = [];
    const apiCalls: string[] = [];
    page.on("request", (req) => {
      if (req.resourceType() === "script") scripts.push(new URL(req.url()).pathname);
      if (/\/(api|graphql)(\/|$)/.test(new URL(req.url()).pathname)) apiCalls.push(req.url());
    });
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(/Keepsake/);

    // Header: Product, Privacy, FAQ, a contact mail link, "Get a magic link".
    const header = page.locator("header.site-header");
    const nav = header.getByRole("navigation", { name: "Site" });
    await expect(nav.getByRole("link", { name: "Product" })).toHaveAttribute("href", "#product");
    await expect(nav.getByRole("link", { name: "Privacy" })).toHaveAttribute("href", "#privacy");
    await expect(nav.getByRole("link", { name: "FAQ" })).toHaveAttribute("href", "#faq");
    await expect(nav.getByRole("link", { name: "Contact" })).toHaveAttribute("href", /^mailto:[^@\s]+@[^@\s]+$/);
    await expect(header.getByRole("button", { name: "Get a magic link" })).toBeVisible();

    // Hero.
    await expect(page.getByRole("heading", { level: 1, name: "Keepsake is a private timeline for two" })).toBeVisible();

    // The three problems.
    const problems = page.locator("section", {
      has: page.getByRole("heading", { name: "Sharing what matters got loud" }),
    });
    for (const name of ["Too many eyes", "Chasing numbers", 'No "us" space']) {
      await expect(problems.getByRole("heading", { level: 3, name })).toBeVisible();
    }

    // How it works (#product).
    const product = page.locator("#product");
    await expect(product.getByRole("heading", { level: 2, name: "How it works" })).toBeVisible();
    for (const name of ["Create a timeline", "Add memories", "See your web"]) {
      await expect(product.getByRole("heading", { level: 3, name })).toBeVisible();
    }

    // The comparison table against three other kinds of product.
    const table = page.getByRole("table", { name: /Keepsake compared with/ });
    await expect(table).toBeVisible();
    await expect(table.getByRole("columnheader")).toHaveText([
      "Keepsake",
      "Social apps",
      "Group chats",
      "Photo albums",
    ]);
    await expect(table.getByRole("rowheader")).toHaveCount(5);

    // Privacy tiers (#privacy), exactly as the server enforces them (docs/decisions/003-privacy-tiers.md).
    const privacy = page.locator("#privacy");
    await expect(privacy.getByRole("heading", { level: 3 })).toHaveText(["Private", "Semi-private", "Public"]);
    await expect(privacy).toContainText("Only the two of you.");
    await expect(privacy).toContainText("people within 2 degrees of either of you");
    await expect(privacy).toContainText("connected to either of you by a chain of at most 6 connections");
    await expect(privacy).toContainText("Strangers with no path to you never see it");
    await expect(privacy).toContainText("waiting for the other person to accept is visible to the two of you only");
    await expect(privacy.getByRole("link", { name: /Privacy Policy/ })).toHaveAttribute("href", "/privacy");

    // Demo timeline and memories widgets.
    const timelineWidget = page.getByRole("article", { name: "Summers by the sea" });
    await expect(timelineWidget.locator("[data-memory]")).toHaveCount(3);
    const memoriesWidget = page.getByRole("article", { name: "Your Memories" });
    await expect(memoriesWidget).toContainText("A journal of meaningful moments");
    await expect(memoriesWidget.locator("[data-memory]")).toHaveCount(4);

    // The interactive demo web, sample notifications, testimonial.
    await expect(page.getByRole("heading", { level: 2, name: "Your web, up close" })).toBeVisible();
    await expect(page.locator("[data-person]")).toHaveCount(6);
    const updates = page.locator("section", { has: page.getByRole("heading", { name: "Updates that stay quiet" }) });
    await expect(updates.getByRole("listitem")).toHaveCount(4);
    await expect(page.locator("figure.testimonial blockquote")).toBeVisible();

    // FAQ (#faq): the six answers of the spec.
    const faq = page.locator("#faq");
    await expect(faq.locator("details")).toHaveCount(6);
    for (const summary of await faq.locator("summary").all()) await summary.click();
    await expect(faq).toContainText("There is no public network");
    await expect(faq).toContainText("There are no likes, no comments");
    await expect(faq).toContainText("With a magic link");
    await expect(faq).toContainText("privacy tier you choose for each timeline");
    await expect(faq).toContainText("mobile web only for now");
    await expect(faq).toContainText("A native app is on the roadmap");
    await expect(faq).toContainText("At retrieval, on our server");
    await expect(faq.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy");

    // Closing call to action.
    await expect(page.getByRole("heading", { level: 2, name: "Make space for your closest people" })).toBeVisible();
    await expect(page.getByText("Start a timeline in under a minute", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Send me a magic link" })).toBeVisible();

    // Footer.
    await expect(page.locator("footer.site-footer")).toContainText("© Keepsake");

    // Not the app: one small module of its own, no API call on load, no app shell.
    await page.waitForLoadState("networkidle");
    expect(
      scripts.every((p) => /^\/assets\/(landing|modulepreload-polyfill)-[\w-]+\.js$/.test(p)),
      scripts.join(", "),
    ).toBe(true);
    expect(apiCalls).toEqual([]);
    await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test("the landing page's JavaScript stays under 60 KiB gzip and the images are responsive WebP", async ({
    page,
    request,
  }) => {
    const jsUrls: string[] = [];
    page.on("response", (res) => {
      if (res.request().resourceType() === "script") jsUrls.push(res.url());
    });
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    let gzipTotal = 0;
    for (const url of jsUrls) {
      const body = await (await request.get(url)).body();
      const { gzipSync } = await import("node:zlib");
      gzipTotal += gzipSync(body, { level: 9 }).length;
    }
    expect(gzipTotal).toBeGreaterThan(0);
    expect(gzipTotal).toBeLessThanOrEqual(60 * 1024);

    const images = await page.locator("main img").evaluateAll((imgs) =>
      imgs.map((img) => ({
        src: img.getAttribute("src") ?? "",
        srcset: img.getAttribute("srcset") ?? "",
        sizes: img.getAttribute("sizes") ?? "",
        width: img.getAttribute("width"),
        height: img.getAttribute("height"),
        loading: img.getAttribute("loading"),
        decoding: img.getAttribute("decoding"),
      })),
    );
    expect(images.length).toBeGreaterThan(0);
    for (const img of images) {
      expect(img.src).toMatch(/^\/demo\/[a-z-]+-240\.webp$/);
      expect(img.srcset).toMatch(/-240\.webp 240w, .*-640\.webp 640w$/);
      expect(img.sizes).not.toBe("");
      expect(img.width && img.height).toBeTruthy();
      expect(img.loading).toBe("lazy");
      expect(img.decoding).toBe("async");
    }
  });

  test("the demo web: six people at 60-degree steps; each shows their timelines and memories, which open in the viewer", async ({
    page,
  }) => {
    const { errors } = watch(page);
    await page.goto("/");
    const nodes = page.locator("[data-person]");
    await expect(nodes).toHaveCount(6);
    await nodes.first().scrollIntoViewIfNeeded();

    // Geometry: the six avatars sit on a circle around Maya, 60 degrees apart.
    const center = await page.locator(".web-center .avatar").boundingBox();
    expect(center).not.toBeNull();
    const cx = center!.x + center!.width / 2;
    const cy = center!.y + center!.height / 2;
    const angles: number[] = [];
    for (const node of await nodes.all()) {
      const box = (await node.locator(".avatar").boundingBox())!;
      const deg = (Math.atan2(box.y + box.height / 2 - cy, box.x + box.width / 2 - cx) * 180) / Math.PI;
      angles.push((deg + 90 + 360) % 360);
    }
    angles.forEach((angle, i) => expect(Math.abs(angle - i * 60)).toBeLessThan(3));

    const panel = page.locator("#web-panel");
    for (const node of await nodes.all()) {
      const name = (await node.locator(".node-name").textContent())!.trim();
      await node.click();
      await expect(node).toHaveAttribute("aria-pressed", "true");
      await expect(page.locator('[data-person][aria-pressed="true"]')).toHaveCount(1);
      await expect(panel.getByRole("heading", { level: 3 })).toContainText(name);
      await expect(panel.getByRole("heading", { level: 4 }).first()).toBeVisible();
      const count = Number(/(\d+)/.exec((await node.locator(".node-count").textContent()) ?? "")?.[1]);
      await expect(panel.locator("[data-memory]")).toHaveCount(count);
    }

    // Open a memory of the selected person (Theo), close it with Escape; focus goes back.
    const opener = panel.locator("[data-memory]").first();
    let viewer = await expectViewerShows(page, opener);
    await page.keyboard.press("Escape");
    await expect(viewer).toBeHidden();
    await expect(opener).toBeFocused();

    // Another person's memory, closed with the close button.
    await nodes.nth(1).click();
    const second = panel.locator("[data-memory]").nth(1);
    viewer = await expectViewerShows(page, second);
    await viewer.getByRole("button", { name: "Close memory" }).click();
    await expect(viewer).toBeHidden();

    // The demo widgets open the same viewer.
    const stripMemory = page.getByRole("article", { name: "Summers by the sea" }).locator("[data-memory]").nth(2);
    viewer = await expectViewerShows(page, stripMemory);
    await expect(viewer).toHaveAttribute("data-theme", "blue");
    await page.keyboard.press("Escape");
    const journalMemory = page.getByRole("article", { name: "Your Memories" }).locator("[data-memory]").first();
    viewer = await expectViewerShows(page, journalMemory);
    await expect(viewer).toHaveAttribute("data-theme", "rose");
    await page.keyboard.press("Escape");
    await expect(viewer).toBeHidden();
    expect(errors).toEqual([]);
  });

  test('the "Get a magic link" modal opens, closes with Cancel and Escape, and sends a real link', async ({ page }) => {
    const { errors } = watch(page);
    await page.goto("/");
    const opener = page.locator("header.site-header").getByRole("button", { name: "Get a magic link" });
    const modal = page.getByRole("dialog", { name: "Get a magic link" });
    await expect(modal).toBeHidden();

    await opener.click();
    await expect(modal).toBeVisible();
    await expect(modal.getByLabel("Email address")).toBeFocused();
    await modal.getByRole("button", { name: "Cancel" }).click();
    await expect(modal).toBeHidden();
    await expect(opener).toBeFocused();

    // The hero's button opens the same modal; Escape closes it.
    await page.locator(".hero").getByRole("button", { name: "Get a magic link" }).click();
    await expect(modal).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(modal).toBeHidden();

    // An invalid address is stopped by the browser (type=email, required): nothing is sent.
    await opener.click();
    await modal.getByRole("button", { name: "Send magic link" }).click();
    await expect(modal).toBeVisible();
    await expect(modal.getByRole("status")).toHaveText("");

    // Submitting: the button shows the busy state while the request runs, then the visitor is told to check the mail.
    const email = uniqueEmail("modal");
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/auth/email", async (route) => {
      await held;
      await route.continue();
    });
    const since = Date.now();
    await modal.getByLabel("Email address").fill(email);
    await modal.getByRole("button", { name: "Send magic link" }).click();
    const busy = modal.getByRole("button", { name: "Sending..." });
    await expect(busy).toBeDisabled();
    release();
    // Sent: the modal closes and the page confirms.
    await expect(modal).toBeHidden();
    await expect(page.locator("#landing-toast")).toHaveText(SENT);
    await opener.click();
    await expect(modal.getByRole("button", { name: "Send magic link" })).toBeEnabled();
    await expect(modal.getByRole("status")).toHaveText("");

    const mail = await waitForMail(email, since);
    expect(signInLinkOf(mail)).toMatch(/\/auth\/verify\?token=[\w-]+/);
    expect(errors).toEqual([]);
  });

  test("the closing call to action sends a real sign-in link that signs this browser in", async ({ page }) => {
    const { errors } = watch(page);
    await page.goto("/");
    const cta = page.locator("section", {
      has: page.getByRole("heading", { name: "Make space for your closest people" }),
    });
    const email = uniqueEmail("cta");

    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/auth/email", async (route) => {
      await held;
      await route.continue();
    });
    const since = Date.now();
    await cta.getByLabel("Email address").fill(email);
    await cta.getByRole("button", { name: "Send me a magic link" }).click();
    await expect(cta.getByRole("button", { name: "Sending..." })).toBeDisabled();
    release();
    await expect(cta.getByRole("status")).toHaveText(SENT);
    await expect(cta.getByRole("button", { name: "Send me a magic link" })).toBeEnabled();

    // The mail in the outbox carries a working link: this browser (it holds the sign-in cookie) is signed in by it.
    const link = signInLinkOf(await waitForMail(email, since));
    const token = new URL(link).searchParams.get("token");
    expect(token).toBeTruthy();
    // page.request is not a page: it sends the Origin a page of the app would (the server's origin guard)
    const origin = new URL(page.url()).origin;
    const verify = await page.request.post("/api/auth/verify", { data: { token }, headers: { Origin: origin } });
    expect(verify.status()).toBe(200);
    expect(await verify.json()).toMatchObject({ state: "signed_in", user: { email } });
    const session = await (await page.request.get("/api/auth/check-session")).json();
    expect(session).toMatchObject({ isAuthenticated: true, user: { email } });
    expect(errors).toEqual([]);
  });

  test("a 429 shows the wait; any other failure is only logged and the busy state ends (docs/product.md §8)", async ({
    page,
  }) => {
    const { errors, consoleErrors } = watch(page);
    await page.goto("/");
    await page.route("**/api/auth/email", (route) =>
      route.fulfill({
        status: 429,
        contentType: "application/json",
        body: JSON.stringify({
          error: "Too many requests",
          message: "Too many requests",
          retryAfter: 60,
          resetTime: new Date().toISOString(),
        }),
      }),
    );
    const cta = page.locator("section", {
      has: page.getByRole("heading", { name: "Make space for your closest people" }),
    });
    await cta.getByLabel("Email address").fill(uniqueEmail("fail"));
    await cta.getByRole("button", { name: "Send me a magic link" }).click();
    // A rate limit is a wait, not a failure: the message and a countdown on the disabled button.
    await expect(cta.getByRole("status")).toHaveText("Too many requests");
    await expect(cta.getByRole("button", { name: /^Wait \d+s to retry$/ })).toBeDisabled();
    await saveShot(page, "landing-429");

    await page.route("**/api/auth/email", (route) => route.abort("failed"));
    await page.locator("header.site-header").getByRole("button", { name: "Get a magic link" }).click();
    const modal = page.getByRole("dialog", { name: "Get a magic link" });
    await modal.getByLabel("Email address").fill(uniqueEmail("fail2"));
    await modal.getByRole("button", { name: "Send magic link" }).click();
    await expect.poll(() => consoleErrors.some((text) => text.includes("Failed to send magic link"))).toBe(true);
    await expect(modal.getByRole("button", { name: "Send magic link" })).toBeEnabled();
    await expect(modal.getByRole("status")).toHaveText("");
    await expect(modal).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("the footer's links work", async ({ page }) => {
    await page.goto("/");
    const footer = page.locator("footer.site-footer");
    await expect(footer.getByRole("heading", { level: 2 })).toHaveText(["Product", "Legal", "Contact"]);

    for (const [name, id] of [
      ["How it works", "product"],
      ["Privacy tiers", "privacy"],
      ["FAQ", "faq"],
    ] as const) {
      await footer.getByRole("link", { name, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`#${id}$`));
      await expect(page.locator(`#${id}`)).toBeInViewport();
    }
    const mail = footer.getByRole("link", { name: /@/ });
    await expect(mail).toHaveAttribute("href", /^mailto:[^@\s]+@[^@\s]+\.[a-z]+$/);
    await expect(footer).toContainText("© Keepsake");

    await footer.getByRole("link", { name: "Privacy Policy" }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();

    await page.goto("/");
    await page.locator("footer.site-footer").getByRole("link", { name: "Terms of Service" }).click();
    await expect(page).toHaveURL(/\/terms$/);
    await expect(page.getByRole("heading", { level: 1, name: "Terms of Service" })).toBeVisible();
  });

  test("axe finds no serious or critical violation, with and without the dialogs open", async ({ page }) => {
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.locator("header.site-header").getByRole("button", { name: "Get a magic link" }).click();
    await expect(page.getByRole("dialog", { name: "Get a magic link" })).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");

    await page.locator("#web-panel [data-memory]").first().click();
    await expect(memoryViewer(page)).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});
