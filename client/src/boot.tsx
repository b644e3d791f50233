import { startTransition, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router-dom";
import { AppProvider } from "./app/provider";
import { createAppRouter } from "./app/router";
import { createApolloClient } from "./lib/apollo-client";
import { primeFirstData, takeFirstData } from "./lib/first-data";
import { keepFirstScreen } from "./lib/first-screen";
import { registerServiceWorker } from "./lib/register-service-worker";
import { yieldToBrowser } from "./lib/yield-to-browser";

/**
 * The boot in short tasks (docs/decisions/040-boot-in-short-tasks.md): the modules and the Apollo
 * client, then the router (its loaders start the session check and the first query), then React's
 * first render, a transition that React renders in slices. The browser gets a turn between them.
 */
async function boot(root: HTMLElement): Promise<void> {
  // One client for the router's loaders (session check and first data together) and the screens.
  const client = createApolloClient();
  await yieldToBrowser();
  // The signed-in person's first data, sent in the page (./lib/first-data.ts): in the cache before the router starts.
  const first = takeFirstData();
  if (first) {
    primeFirstData(client, first);
    await yieldToBrowser();
  }
  const router = createAppRouter(client);
  await yieldToBrowser();
  keepFirstScreen(root);
  const reactRoot = createRoot(root);
  startTransition(() => {
    reactRoot.render(
      <StrictMode>
        <AppProvider client={client}>
          <RouterProvider router={router} />
        </AppProvider>
      </StrictMode>,
    );
  });
  registerServiceWorker();
}

/** Starts the app in #root (called by ./main.tsx, the entry). */
export function start(): void {
  const container = document.getElementById("root");
  if (!container) throw new Error("Missing #root element in index.html");
  void boot(container);
}
