import type { Page } from "@playwright/test";
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";

const photo = fileURLToPath(new URL("../fixtures/photo-plain.jpg", import.meta.url));

/**
 * Adds a memory with a real JPEG (`file`, by default the plain fixture photo) through the GraphQL
 * multipart upload, as the app does.
 */
export async function addMemoryWithPhoto(
  page: Page,
  timelineId: string,
  fields: Record<string, string>,
  file: string = photo,
): Promise<void> {
  const bytes = (await readFile(file)).toString("base64");
  const answer = await page.evaluate(
    async ({ timelineId, fields, bytes }) => {
      const binary = Uint8Array.from(atob(bytes), (char) => char.charCodeAt(0));
      const body = new FormData();
      body.append(
        "operations",
        JSON.stringify({
          query: "mutation ($input: CreateMemoryInput!) { createMemory(input: $input) { memory { id } } }",
          variables: { input: { timelineId, file: null, ...fields } },
        }),
      );
      body.append("map", JSON.stringify({ f0: ["variables.input.file"] }));
      body.append("f0", new Blob([binary], { type: "image/jpeg" }), "photo.jpg");
      const response = await fetch("/graphql", {
        method: "POST",
        credentials: "same-origin",
        headers: { "Apollo-Require-Preflight": "true" },
        body,
      });
      return (await response.json()) as { errors?: { message: string }[] };
    },
    { timelineId, fields, bytes },
  );
  if (answer.errors?.length) throw new Error(answer.errors.map((e) => e.message).join("; "));
}
