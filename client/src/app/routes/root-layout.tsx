import { Outlet, ScrollRestoration } from "react-router-dom";

/**
 * The root route. It deliberately has no errorElement/ErrorBoundary: a routing failure shows
 * React Router's default "Unexpected Application Error!" page (docs/product.md §8).
 */
export function RootLayout() {
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
