// Entry of landing.html (served at /). The page itself is prerendered HTML (build/site-pages.ts);
// this script only adds the interactive parts: the "Get a magic link" modal, the closing call to
// action, the demo web and the memory viewer. Plain DOM, no framework, none of the app's code.
import "./landing.css";
import { formatDay } from "../site/html";
import { MEMORIES, PEOPLE } from "./demo-data";
import { photoSrc, photoSrcset, personPanel } from "./templates";

/** Spec §2 Login success text, reused so the two ways in read the same. */
const SENT_MESSAGE = "Please check your email for the login link!";

const $ = <T extends Element>(selector: string, root: ParentNode = document): T => {
  const el = root.querySelector<T>(selector);
  if (!el) throw new Error(`landing: missing ${selector}`);
  return el;
};

type SendResult = { sent: true } | { sent: false; retryAfter?: number; message?: string };

/** Seconds to wait from a 429 answer: `Retry-After`, else the body's `retryAfter`, else 60 (docs/product.md §9). */
function retryAfterSeconds(header: string | null, body: { retryAfter?: unknown } | null): number {
  const fromHeader = Number(header);
  if (header && Number.isFinite(fromHeader) && fromHeader > 0) return Math.ceil(fromHeader);
  const fromBody = Number(body?.retryAfter);
  if (Number.isFinite(fromBody) && fromBody > 0) return Math.ceil(fromBody);
  return 60;
}

/**
 * POST /api/auth/email. Spec §8 "Landing magic-link failure": only logged, no message to the
 * visitor; a 429 is not a failure but a wait, which is shown (docs/decisions/020-offline-and-feedback.md).
 */
async function requestMagicLink(email: string): Promise<SendResult> {
  try {
    const res = await fetch("/api/auth/email", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      credentials: "same-origin",
      body: JSON.stringify({ email }),
    });
    if (res.ok) return { sent: true };
    const body = (await res.json().catch(() => null)) as {
      error?: string;
      message?: string;
      retryAfter?: unknown;
    } | null;
    if (res.status === 429) {
      return {
        sent: false,
        retryAfter: retryAfterSeconds(res.headers.get("Retry-After"), body),
        message: body?.message,
      };
    }
    console.error("Failed to send magic link:", body?.error ?? `HTTP ${res.status}`);
  } catch (err) {
    console.error("Failed to send magic link:", err);
  }
  return { sent: false };
}

/** A short confirmation at the foot of the page, after the modal has closed. */
const toast = document.querySelector<HTMLElement>("#landing-toast");
let toastTimer: number | undefined;
function showToast(text: string): void {
  if (!toast) return;
  toast.textContent = text;
  toast.hidden = false;
  window.clearTimeout(toastTimer);
  toastTimer = window.setTimeout(() => {
    toast.hidden = true;
    toast.textContent = "";
  }, 6000);
}

/**
 * An e-mail form with a busy state ("Sending..."), shared by the modal and the closing call to
 * action. `onSent` replaces the in-form message (the modal closes and confirms below the page).
 * A 429 shows the wait and keeps the button disabled, counting down, until it ends.
 */
function wireEmailForm(form: HTMLFormElement, onSent?: () => void): { reset(): void } {
  const input = $<HTMLInputElement>('input[type="email"]', form);
  const submit = $<HTMLButtonElement>('button[type="submit"]', form);
  const status = $<HTMLElement>(".form-status", form);
  const idleLabel = submit.dataset.idleLabel ?? submit.textContent ?? "";
  let submitting = false;
  let waitTimer: number | undefined;

  const setSubmitting = (value: boolean) => {
    submitting = value;
    submit.disabled = value;
    submit.textContent = value ? "Sending..." : idleLabel;
    form.setAttribute("aria-busy", String(value));
  };

  const waitFor = (seconds: number, message?: string) => {
    let left = seconds;
    submitting = true;
    submit.disabled = true;
    status.textContent = message || `Too many requests. Please wait ${seconds} seconds.`;
    const tick = () => {
      if (left <= 0) {
        window.clearInterval(waitTimer);
        submitting = false;
        submit.disabled = false;
        submit.textContent = idleLabel;
        status.textContent = "";
        return;
      }
      submit.textContent = `Wait ${left}s to retry`;
      left -= 1;
    };
    tick();
    waitTimer = window.setInterval(tick, 1000);
  };

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (submitting || !form.reportValidity()) return;
    status.textContent = "";
    setSubmitting(true);
    void requestMagicLink(input.value.trim()).then((result) => {
      setSubmitting(false);
      if (result.sent) {
        input.value = "";
        if (onSent) onSent();
        else status.textContent = SENT_MESSAGE;
      } else if (result.retryAfter) {
        waitFor(result.retryAfter, result.message);
      }
    });
  });

  return {
    reset() {
      if (!submitting) status.textContent = "";
    },
  };
}

/**
 * A signed-in visitor gets "Open Keepsake" (to /app) in place of "Get a magic link". The app sets
 * this mark while someone is signed in on this browser and removes it at logout
 * (src/lib/offline-cache-names.ts, SIGNED_IN_MARK): no request, so the page stays light. A session
 * that ended on the server without a logout still shows the link; /app then goes to /login.
 */
function offerOpenApp(): void {
  let signedIn = false;
  try {
    signedIn = localStorage.getItem("keepsake:signed-in") === "1";
  } catch {
    return;
  }
  if (!signedIn) return;
  for (const button of document.querySelectorAll<HTMLElement>(".header-action[data-open-magic-link]")) {
    const link = document.createElement("a");
    link.className = button.className;
    link.href = "/app";
    link.textContent = "Open Keepsake";
    button.replaceWith(link);
  }
}

/** Native modal dialogs: Escape and the close buttons close them; so does a tap on the backdrop. */
function wireDialog(dialog: HTMLDialogElement): void {
  dialog.addEventListener("click", (event) => {
    const target = event.target as Element;
    if (target === dialog || target.closest("[data-close-dialog]")) dialog.close();
  });
}

const magicDialog = $<HTMLDialogElement>("#magic-link-dialog");
const magicForm = wireEmailForm($<HTMLFormElement>("#magic-link-form"), () => {
  magicDialog.close();
  showToast(SENT_MESSAGE);
});
wireEmailForm($<HTMLFormElement>("#cta-form"));
wireDialog(magicDialog);

const viewer = $<HTMLDialogElement>("#memory-viewer");
wireDialog(viewer);

function openMemory(id: string, theme: string): void {
  const memory = MEMORIES[id];
  if (!memory) return;
  const img = $<HTMLImageElement>(".viewer-photo", viewer);
  img.sizes = "(min-width: 40rem) 40rem, 100vw";
  img.srcset = photoSrcset(memory.image);
  img.src = photoSrc(memory.image, 640);
  img.alt = memory.alt;
  $(".viewer-caption", viewer).textContent = memory.caption;
  $(".viewer-date", viewer).textContent = formatDay(memory.date);
  $(".viewer-location", viewer).textContent = memory.location;
  $(".viewer-meaning", viewer).textContent = memory.meaning;
  viewer.dataset.theme = theme;
  viewer.showModal();
}

const panel = $<HTMLElement>("#web-panel");

function selectPerson(id: string): void {
  const person = PEOPLE.find((p) => p.id === id);
  if (!person) return;
  for (const node of document.querySelectorAll<HTMLButtonElement>("[data-person]")) {
    node.setAttribute("aria-pressed", String(node.dataset.person === id));
  }
  panel.innerHTML = personPanel(person);
}

document.addEventListener("click", (event) => {
  const target = event.target as Element;
  const opener = target.closest("[data-open-magic-link]");
  if (opener) {
    magicForm.reset();
    magicDialog.showModal();
    return;
  }
  const memory = target.closest<HTMLElement>("[data-memory]");
  if (memory?.dataset.memory) {
    openMemory(memory.dataset.memory, memory.dataset.themeName ?? "teal");
    return;
  }
  const person = target.closest<HTMLElement>("[data-person]");
  if (person?.dataset.person) selectPerson(person.dataset.person);
});

offerOpenApp();
