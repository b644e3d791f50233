// Entry of landing.html (served at /). Placeholder: the landing-page issue replaces it.
// It must not import the signed-in app's code, so the public page stays small.
import "../styles/global.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { LandingPage } from "./landing-page";

const container = document.getElementById("root");
if (!container) throw new Error("Missing #root element in landing.html");

createRoot(container).render(
  <StrictMode>
    <LandingPage />
  </StrictMode>,
);
