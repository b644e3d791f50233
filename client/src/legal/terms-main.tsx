// Entry of terms.html (served at /terms). Placeholder content; it must not import the app's code.
import "../styles/global.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { LegalPage } from "./legal-page";

const container = document.getElementById("root");
if (!container) throw new Error("Missing #root element in terms.html");

createRoot(container).render(
  <StrictMode>
    <LegalPage title="Terms of Service" />
  </StrictMode>,
);
