/** A person as a timeline carries them (TimelinePerson_user). */
export interface TimelinePerson {
  id: string;
  displayName?: string | null;
  fullName?: string | null;
  email?: string | null;
}

export interface TimelineParties {
  createdBy: TimelinePerson | null;
  collaborator: TimelinePerson | null;
  /** The invited address (participants only). */
  collaboratorEmail?: string | null;
  /** The other participant deleted their account (docs/decisions/023-export-and-deletion.md). */
  formerMember?: boolean | null;
}

/** How a person who deleted their account is shown (docs/decisions/023-export-and-deletion.md). */
export const FORMER_MEMBER = "Former member";

/** Who is looking: the session user (REST shape, docs/product.md §3). */
export interface Viewer {
  id?: string | null;
  _id?: string | null;
  email?: string | null;
}

function isViewer(person: TimelinePerson | null, viewer: Viewer | null): boolean {
  if (!person || !viewer) return false;
  const viewerId = viewer.id ?? viewer._id;
  if (viewerId && person.id === viewerId) return true;
  return !!viewer.email && !!person.email && person.email.toLowerCase() === viewer.email.toLowerCase();
}

/**
 * The other person of a timeline: the collaborator when the viewer created it, else the creator.
 * Spec §3: when the user object is missing (an invited address without an account yet), a
 * fallback is built from the part of the e-mail before the @, or "Unknown User".
 */
export function otherPerson(timeline: TimelineParties, viewer: Viewer | null): TimelinePerson {
  const viewerIsCreator = isViewer(timeline.createdBy, viewer);
  const viewerIsCollaborator = !viewerIsCreator && isViewer(timeline.collaborator, viewer);
  if (viewerIsCollaborator && timeline.createdBy) return timeline.createdBy;
  if (timeline.collaborator) return timeline.collaborator;
  if (timeline.formerMember) return { id: "", displayName: FORMER_MEMBER, fullName: null, email: null };
  const email = timeline.collaboratorEmail ?? null;
  const local = email?.split("@")[0]?.trim();
  return { id: "", displayName: local || "Unknown User", fullName: null, email };
}

interface LabelOptions {
  /** Public views never show an e-mail: "Collaborator" instead (docs/product.md §3). */
  publicView?: boolean;
  /** The people are not loaded yet. */
  loading?: boolean;
}

/**
 * The collaborator label of a timeline card (docs/product.md §3): display name, then full name, then
 * "Collaborator" on public views, otherwise the e-mail, or "Loading..." while not yet loaded.
 */
export function personLabel(
  person: TimelinePerson | null | undefined,
  { publicView = false, loading = false }: LabelOptions = {},
): string {
  if (!person) return loading ? "Loading..." : publicView ? "Collaborator" : "Unknown User";
  const name = person.displayName?.trim() || person.fullName?.trim();
  if (name) return name;
  if (publicView) return "Collaborator";
  if (person.email) return person.email;
  return loading ? "Loading..." : "Unknown User";
}

export function collaboratorLabel(
  timeline: TimelineParties | null | undefined,
  viewer: Viewer | null,
  options: LabelOptions = {},
): string {
  if (!timeline) return personLabel(null, { ...options, loading: true });
  return personLabel(otherPerson(timeline, viewer), options);
}
