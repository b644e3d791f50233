import type { JSHandle, Page } from "@playwright/test";

/**
 * Creates a memory in `timelineId` from inside the page, with the page's session and origin:
 * one GraphQL multipart request (`createMemory` with `file` as the upload), as the app sends it.
 * `file` is a Blob made in the page (see add-memory.ts and demo-photo.ts); it is released after.
 */
export async function createMemoryInPage(
  page: Page,
  timelineId: string,
  fields: Record<string, string>,
  file: JSHandle<Blob>,
): Promise<void> {
  const answer = await page.evaluate(
    async ({ timelineId, fields, file }) => {
      const body = new FormData();
      body.append(
        "operations",
        JSON.stringify({
          query: "mutation ($input: CreateMemoryInput!) { createMemory(input: $input) { memory { id } } }",
          variables: { input: { timelineId, file: null, ...fields } },
        }),
      );
      body.append("map", JSON.stringify({ f0: ["variables.input.file"] }));
      body.append("f0", file, "photo.jpg");
      const response = await fetch("/graphql", {
        method: "POST",
        credentials: "same-origin",
        headers: { "Apollo-Require-Preflight": "true" },
        body,
      });
      return (await response.json()) as { errors?: { message: string }[] };
    },
    { timelineId, fields, file },
  );
  await file.dispose();
  if (answer.errors?.length) throw new Error(answer.errors.map((e) => e.message).join("; "));
}
