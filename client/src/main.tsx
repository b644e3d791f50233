import "./styles/global.css";
import { start } from "./boot";

/**
 * The entry: the boot (./boot.tsx) is a static import, so the page's HTML preloads it with every
 * chunk it imports, and the app starts as soon as its code is evaluated
 * (docs/decisions/039-devices-kept-and-removed.md).
 */
start();
