import { Outlet, ScrollRestoration } from "react-router-dom";

/** The root route; its error screen is ./route-error/route-error-screen.tsx (set in ../router.tsx). */
export function RootLayout() {
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
