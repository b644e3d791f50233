import "./styles/global.css";
import { startTransition, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router-dom";
import { AppProvider } from "./app/provider";
import { createAppRouter } from "./app/router";
import { createApolloClient } from "./lib/apollo-client";
import { keepFirstScreen } from "./lib/first-screen";
import { registerServiceWorker } from "./lib/register-service-worker";

const container = document.getElementById("root");
if (!container) throw new Error("Missing #root element in index.html");

// One client for the router's loaders (session check and first data together) and the screens.
const client = createApolloClient();
const router = createAppRouter(client);

// A transition: React renders the first screen in short slices instead of one long task, so the
// page stays responsive while it boots (docs/decisions/029-first-load-and-shell.md).
keepFirstScreen(container);
const root = createRoot(container);
startTransition(() => {
  root.render(
    <StrictMode>
      <AppProvider client={client}>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>,
  );
});

registerServiceWorker();
