import { expect, test, type Browser, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { signInLinkOf, waitForMail } from "../e2e/helpers/outbox";

const out = "/tmp/tl-shots";
const phone = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
const photo = readFileSync("/work/main/client/e2e/fixtures/photo-gps.jpg").toString("base64");
const plain = readFileSync("/work/main/client/e2e/fixtures/photo-plain.jpg").toString("base64");

async function signIn(browser: Browser, baseURL: string, email: string, opts = phone): Promise<Page> {
  const context = await browser.newContext({ ...opts, baseURL });
  const page = await context.newPage();
  await page.goto("/login");
  await page.getByLabel("Email address").fill(email);
  const since = Date.now();
  await page.getByRole("button", { name: "Send Login Link" }).click();
  await page.goto(signInLinkOf(await waitForMail(email, since)));
  await expect(page).toHaveURL(/\/app$/, { timeout: 15_000 });
  return page;
}
async function gql<T>(page: Page, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const a = await page.evaluate(async ({ query, variables }) => {
    const r = await fetch("/graphql", { method: "POST", headers: { "Content-Type": "application/json", "Apollo-Require-Preflight": "true" }, body: JSON.stringify({ query, variables }) });
    return r.json();
  }, { query, variables });
  if (a.errors) throw new Error(JSON.stringify(a.errors));
  return a.data as T;
}
async function upload(page: Page, b64: string): Promise<string> {
  return page.evaluate(async (b64) => {
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const form = new FormData();
    form.append("file", new Blob([bytes], { type: "image/jpeg" }), "p.jpg");
    const r = await fetch("/api/upload/file", { method: "POST", body: form });
    return (await r.json()).public_id as string;
  }, b64);
}
async function shot(page: Page, name: string) {
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${out}/${name}.png` });
}

test("screens", async ({ browser }, info) => {
  const baseURL = String(info.project.use.baseURL);
  const s = Date.now();
  const ada = await signIn(browser, baseURL, `ada.lovelace-${s}@example.com`);
  const bo = await signIn(browser, baseURL, `bo-${s}@example.com`);
  await gql(ada, "mutation($i: UpdateProfileInput!){ updateProfile(input:$i){ user { id } } }", { i: { displayName: "Ada Lovelace" } });
  await gql(bo, "mutation($i: UpdateProfileInput!){ updateProfile(input:$i){ user { id } } }", { i: { displayName: "Bo Jensen" } });
  const boMe = await gql<{ me: { id: string; username: string } }>(bo, "{ me { id username } }");
  const mk = async (title: string, privacy: string) =>
    (await gql<{ createTimeline: { timeline: { id: string } } }>(ada, "mutation($i: CreateTimelineInput!){ createTimeline(input:$i){ timeline { id } } }", { i: { title, privacy, collaboratorId: boMe.me.id } })).createTimeline.timeline.id;
  const t1 = await mk("Summer in Lisbon", "PRIVATE");
  await gql(bo, "mutation($id: ID!){ acceptTimeline(input:{id:$id}){ timeline { id } } }", { id: t1 });
  const memories = [
    [photo, "Sunset at the miradouro", "Miradouro da Graça, Lisbon", "2023-07-14", "The evening we decided to stay another week, because neither of us wanted to leave."],
    [plain, "First pastel de nata", "Belém", "2023-07-12", "You laughed at me for eating three."],
    [photo, "The long tram ride", "Tram 28", "", ""],
  ];
  for (const [file, caption, location, memoryDate, meaning] of memories) {
    const mediaId = await upload(ada, file!);
    await gql(ada, "mutation($i: CreateMemoryInput!){ createMemory(input:$i){ memory { id } } }", { i: { timelineId: t1, mediaId, caption, location, memoryDate: memoryDate || null, meaning } });
  }
  await mk("A very long title for a timeline that keeps going well past the width of a phone", "SEMI_PRIVATE");

  await ada.goto("/app/timelines");
  await expect(ada.getByRole("link", { name: /Summer in Lisbon/ })).toBeVisible();
  await shot(ada, "01-list");
  await ada.goto("/app/create-timeline");
  await ada.getByRole("textbox", { name: /Title/ }).fill("Weekend hikes");
  await ada.getByRole("combobox", { name: /Collaborator/ }).fill("bo");
  await ada.getByRole("option").first().waitFor();
  await shot(ada, "02-create-search");
  await ada.getByRole("option").first().click();
  await ada.getByRole("radio", { name: /Public/ }).check();
  await ada.mouse.wheel(0, 2000);
  await shot(ada, "03-create-bottom");

  await ada.goto(`/app/view-timeline?id=${t1}`);
  await expect(ada.getByText("3 memories")).toBeVisible();
  await shot(ada, "04-view");
  await ada.getByRole("list", { name: "Memories" }).evaluate((el) => el.parentElement!.scrollBy(300, 0));
  await shot(ada, "05-view-scrolled");
  await ada.getByRole("button", { name: /Sunset at the miradouro/ }).click();
  await ada.getByRole("dialog").waitFor();
  await shot(ada, "06-viewer");
  await ada.getByRole("dialog").evaluate((el) => el.parentElement!.scrollBy(0, 2000));
  await shot(ada, "07-viewer-bottom");
  await ada.keyboard.press("Escape");

  await ada.goto(`/app/add-memory?timeline_id=${t1}`);
  await ada.getByRole("heading", { name: "Add Memory", level: 1 }).waitFor();
  await shot(ada, "08-add-empty");
  await ada.getByRole("textbox", { name: "Location" }).fill("x".repeat(205));
  await ada.mouse.wheel(0, 2000);
  await shot(ada, "09-add-bottom-over-limit");

  await ada.goto(`/app/view-timeline?id=${t1}`);
  await ada.getByRole("button", { name: /First pastel/ }).dblclick();
  await ada.getByRole("heading", { name: "Edit Memory", level: 1 }).waitFor();
  await ada.mouse.wheel(0, 3000);
  await shot(ada, "10-edit-bottom");
  await ada.getByRole("button", { name: "Delete Memory" }).click();
  await shot(ada, "11-edit-confirm");
  await ada.keyboard.press("Escape");

  await ada.goto(`/app/timeline-settings?id=${t1}`);
  await ada.getByRole("heading", { name: "Timeline Settings", level: 1 }).waitFor();
  await shot(ada, "12-settings");
  await ada.mouse.wheel(0, 3000);
  await shot(ada, "13-settings-bottom");
  await ada.getByRole("button", { name: "Delete Timeline" }).click();
  await shot(ada, "14-settings-confirm");
  await ada.keyboard.press("Escape");

  await ada.goto(`/app/view-timeline?id=not-a-real-id`);
  await ada.getByRole("heading", { level: 1 }).waitFor();
  await shot(ada, "15-view-missing");

  const wide = await signIn(browser, baseURL, `ada.lovelace-${s}@example.com`, { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, isMobile: false, hasTouch: false });
  await wide.goto(`/app/view-timeline?id=${t1}`);
  await expect(wide.getByText("3 memories")).toBeVisible();
  await shot(wide, "16-desktop-view");
  await wide.getByRole("button", { name: /Sunset at the miradouro/ }).click();
  await shot(wide, "17-desktop-viewer");
  const narrow = await signIn(browser, baseURL, `bo-${s}@example.com`, { ...phone, viewport: { width: 360, height: 740 } });
  await narrow.goto("/app/timelines");
  await narrow.getByRole("link", { name: /Summer/ }).waitFor();
  await shot(narrow, "18-list-360");
  await narrow.goto(`/app/view-timeline?id=${t1}`);
  await expect(narrow.getByText("3 memories")).toBeVisible();
  await shot(narrow, "19-view-360");
});
