// Entry of privacy.html (served at /privacy). Placeholder content; it must not import the app's code.
import "../styles/global.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { LegalPage } from "./legal-page";

const container = document.getElementById("root");
if (!container) throw new Error("Missing #root element in privacy.html");

createRoot(container).render(
  <StrictMode>
    <LegalPage title="Privacy Policy" />
  </StrictMode>,
);
