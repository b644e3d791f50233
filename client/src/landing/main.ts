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

/**
 * POST /api/auth/email. Spec §8 "Landing magic-link failure": only logged, no message to the
 * visitor. Resolves to whether the link was sent.
 */
async function requestMagicLink(email: string): Promise<boolean> {
  try {
    const res = await fetch("/api/auth/email", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      credentials: "same-origin",
      body: JSON.stringify({ email }),
    });
    if (res.ok) return true;
    const body = (await res.json().catch(() => null)) as { error?: string } | null;
    console.error("Failed to send magic link:", body?.error ?? `HTTP ${res.status}`);
  } catch (err) {
    console.error("Failed to send magic link:", err);
  }
  return false;
}

/** An e-mail form with a busy state ("Sending..."), shared by the modal and the closing call to action. */
function wireEmailForm(form: HTMLFormElement): { reset(): void } {
  const input = $<HTMLInputElement>('input[type="email"]', form);
  const submit = $<HTMLButtonElement>('button[type="submit"]', form);
  const status = $<HTMLElement>(".form-status", form);
  const idleLabel = submit.dataset.idleLabel ?? submit.textContent ?? "";
  let submitting = false;

  const setSubmitting = (value: boolean) => {
    submitting = value;
    submit.disabled = value;
    submit.textContent = value ? "Sending..." : idleLabel;
    form.setAttribute("aria-busy", String(value));
  };

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (submitting || !form.reportValidity()) return;
    status.textContent = "";
    setSubmitting(true);
    void requestMagicLink(input.value.trim()).then((sent) => {
      setSubmitting(false);
      if (sent) {
        status.textContent = SENT_MESSAGE;
        input.value = "";
      }
    });
  });

  return {
    reset() {
      status.textContent = "";
    },
  };
}

/** Native modal dialogs: Escape and the close buttons close them; so does a tap on the backdrop. */
function wireDialog(dialog: HTMLDialogElement): void {
  dialog.addEventListener("click", (event) => {
    const target = event.target as Element;
    if (target === dialog || target.closest("[data-close-dialog]")) dialog.close();
  });
}

const magicDialog = $<HTMLDialogElement>("#magic-link-dialog");
const magicForm = wireEmailForm($<HTMLFormElement>("#magic-link-form"));
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
