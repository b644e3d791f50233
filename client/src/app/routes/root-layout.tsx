import { Outlet, ScrollRestoration } from "react-router-dom";
import { AppToaster } from "../../components/ui/toaster";

/** The root route; its error screen is ./route-error/route-error-screen.tsx (set in ../router.tsx). */
export function RootLayout() {
  return (
    <>
      <Outlet />
      <ScrollRestoration />
      <AppToaster />
    </>
  );
}
