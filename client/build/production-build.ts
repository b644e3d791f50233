/**
 * `vite build` always makes the production build (React's production runtime and JSX transform,
 * the service worker), whatever NODE_ENV the shell holds: `npm start` and the Dockerfile build with
 * the variables the server runs with, and `.env.example` says NODE_ENV=development. Vite keeps a
 * NODE_ENV it finds set and reads it again only after the config file is loaded, so a config
 * calls this first.
 */
export function productionBuild(command: "build" | "serve"): void {
  if (command === "build") process.env.NODE_ENV = "production";
}
