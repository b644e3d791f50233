import { useState } from "react";
import { useLocation, useSearchParams } from "react-router-dom";

/** How a timeline's memories are shown: the strip (the default) or the grid by day. */
export type TimelineDensity = "strip" | "days";

/** The choice kept on this device (not the account's: docs/decisions/057-density-switch.md). */
export const DENSITY_KEY = "keepsake:timeline-density";

function remembered(): TimelineDensity {
  try {
    return localStorage.getItem(DENSITY_KEY) === "days" ? "days" : "strip";
  } catch {
    return "strip"; // storage refused (a private window's quota, a blocked origin): the default
  }
}

/**
 * The density of View Timeline: `&view=days` in the URL when there (a shared or reloaded link),
 * otherwise the choice remembered on this device, otherwise the strip. Choosing remembers it and
 * puts it in the URL in place (no history entry: Back still leaves the timeline or closes the viewer).
 */
export function useTimelineDensity(): [TimelineDensity, (next: TimelineDensity) => void] {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const [stored, setStored] = useState(remembered);
  const inUrl = params.get("view");
  const density: TimelineDensity = inUrl === "days" || inUrl === "strip" ? inUrl : stored;
  const choose = (next: TimelineDensity) => {
    try {
      localStorage.setItem(DENSITY_KEY, next);
    } catch {
      // not remembered on this device; the URL still says it
    }
    setStored(next);
    setParams(
      (current) => {
        const url = new URLSearchParams(current);
        if (next === "days") url.set("view", "days");
        else url.delete("view");
        return url;
      },
      { replace: true, state: location.state },
    );
  };
  return [density, choose];
}
