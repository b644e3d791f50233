import { Outlet, ScrollRestoration } from "react-router-dom";

/**
 * The root route. It deliberately has no errorElement/ErrorBoundary: a routing failure shows
 * React Router's default "Unexpected Application Error!" page (spec §8).
 */
export function RootLayout() {
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
