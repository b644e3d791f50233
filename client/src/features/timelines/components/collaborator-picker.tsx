import { skipToken } from "@apollo/client/react";
import { useId, useState, type KeyboardEvent } from "react";
import { Avatar } from "../../../components/ui/avatar";
import { Button } from "../../../components/ui/button";
import { SearchIcon } from "../../../components/ui/icons";
import { Spinner } from "../../../components/ui/spinner";
import { useSearchCollaboratorsQuery, type TimelinePerson_UserFragment } from "../../../gql/graphql";
import { useDebouncedValue } from "../lib/use-debounced-value";
import styles from "./collaborator-picker.module.css";

/** Spec §9: up to 10 suggestions. */
export const MAX_SUGGESTIONS = 10;
export const SEARCH_DEBOUNCE_MS = 300;

/** The chosen other person: an account, or an address to invite (docs/decisions/007-notifications.md). */
export type Collaborator = { kind: "user"; user: TimelinePerson_UserFragment } | { kind: "email"; email: string };

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmailAddress(value: string): boolean {
  return emailPattern.test(value.trim());
}

export function collaboratorName(collaborator: Collaborator | null): string | null {
  if (!collaborator) return null;
  if (collaborator.kind === "email") return collaborator.email;
  return collaborator.user.displayName || collaborator.user.fullName || `@${collaborator.user.username}`;
}

interface CollaboratorPickerProps {
  value: Collaborator | null;
  onChange: (value: Collaborator | null) => void;
  /** The preselected person is still being looked up. */
  loading?: boolean;
  disabled?: boolean;
}

/**
 * Search for the other person by username or name (docs/product.md §2, §5): a combobox with up to 10
 * suggestions; one must be chosen. An e-mail address is offered as an invitation, the same for
 * every address (docs/decisions/037-each-voice-its-authors.md).
 */
export function CollaboratorPicker({ value, onChange, loading = false, disabled = false }: CollaboratorPickerProps) {
  const id = useId();
  const inputId = `${id}-input`;
  const listId = `${id}-list`;
  const hintId = `${id}-hint`;
  const [term, setTerm] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const query = useDebouncedValue(term.trim(), SEARCH_DEBOUNCE_MS);
  // An address is never looked up: it is offered as an invitation whether or not it has an
  // account, and both get the same mail (docs/decisions/037-each-voice-its-authors.md).
  const byAddress = isEmailAddress(query);
  const { data, loading: searching } = useSearchCollaboratorsQuery(
    query && !byAddress ? { variables: { query } } : skipToken,
  );

  if (loading) {
    return (
      <div className={styles.field}>
        <span className={styles.label}>Collaborator</span>
        <p className={styles.selected}>
          <Spinner size="small" label="Loading..." showLabel />
        </p>
      </div>
    );
  }

  if (value) {
    const name = collaboratorName(value);
    const detail = value.kind === "user" ? `@${value.user.username}` : "Will be invited by e-mail";
    return (
      <div className={styles.field}>
        <span className={styles.label} id={`${id}-label`}>
          Collaborator
        </span>
        <div className={styles.selected} role="group" aria-labelledby={`${id}-label`}>
          <Avatar
            seed={value.kind === "user" ? value.user.id : null}
            name={value.kind === "user" ? name : null}
            email={value.kind === "email" ? value.email : null}
            src={value.kind === "user" ? value.user.profilePhotoUrl : null}
            size={40}
            decorative
          />
          <span className={styles.person}>
            <span className={styles.name}>{name}</span>
            <span className={styles.detail}>{detail}</span>
          </span>
          <Button
            variant="ghost"
            onClick={() => {
              onChange(null);
              setTerm("");
            }}
            disabled={disabled}
            aria-label={`Change collaborator (${name})`}
          >
            Change
          </Button>
        </div>
      </div>
    );
  }

  const typed = term.trim();
  const stale = typed !== query;
  const results = stale || byAddress ? [] : (data?.searchUsers ?? []).slice(0, MAX_SUGGESTIONS);
  const canInvite = !stale && byAddress;
  const options: Collaborator[] = [
    ...results.map((user): Collaborator => ({ kind: "user", user })),
    ...(canInvite ? [{ kind: "email", email: typed.toLowerCase() } as Collaborator] : []),
  ];
  const expanded = open && typed.length > 0;
  const busy = typed.length > 0 && (stale || (searching && !byAddress));
  const activeIndex = active < options.length ? active : -1;

  const choose = (option: Collaborator) => {
    onChange(option);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      setOpen(true);
      setActive((index) => (options.length === 0 ? -1 : (index + 1) % options.length));
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      setActive((index) => (options.length === 0 ? -1 : index <= 0 ? options.length - 1 : index - 1));
    } else if (event.key === "Enter") {
      if (expanded && activeIndex >= 0) {
        event.preventDefault();
        choose(options[activeIndex]!);
      } else if (expanded) {
        event.preventDefault();
      }
    } else if (event.key === "Escape" && expanded) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  let status = "";
  if (expanded && busy) status = "Searching…";
  else if (expanded && options.length === 0) status = `No one found for “${typed}”`;
  else if (expanded) status = `${results.length} ${results.length === 1 ? "person" : "people"} found`;

  return (
    <div className={styles.field}>
      <label htmlFor={inputId} className={styles.label}>
        Collaborator<span aria-hidden="true"> *</span>
      </label>
      <div className={styles.searchBox}>
        <SearchIcon size={20} className={styles.searchIcon} />
        <input
          id={inputId}
          className={styles.input}
          type="search"
          role="combobox"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="Search by username or name"
          value={term}
          disabled={disabled}
          aria-required="true"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-describedby={hintId}
          aria-activedescendant={expanded && activeIndex >= 0 ? `${listId}-${activeIndex}` : undefined}
          onChange={(event) => {
            setTerm(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
        />
      </div>
      <p id={hintId} className={styles.hint}>
        Choose the person you will share this timeline with.
      </p>
      <p className="visually-hidden" role="status">
        {status}
      </p>
      {expanded && (busy || options.length === 0) ? (
        <p className={styles.message}>
          {busy ? "Searching…" : "No one found. Try a username, a name, or their e-mail address."}
        </p>
      ) : null}
      <ul
        id={listId}
        role="listbox"
        aria-label="Suggestions"
        className={styles.list}
        hidden={!expanded || busy || options.length === 0}
      >
        {options.map((option, index) => {
          const isActive = index === activeIndex;
          const optionId = `${listId}-${index}`;
          return (
            <li
              key={option.kind === "user" ? option.user.id : `invite-${option.email}`}
              id={optionId}
              role="option"
              aria-selected={isActive}
              className={isActive ? `${styles.option} ${styles.active}` : styles.option}
              // Keep focus in the input: the option is chosen on click, after a mousedown that does not blur.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(option)}
            >
              {option.kind === "user" ? (
                <>
                  <Avatar
                    seed={option.user.id}
                    name={option.user.displayName || option.user.fullName}
                    src={option.user.profilePhotoUrl}
                    size={36}
                    decorative
                  />
                  <span className={styles.person}>
                    <span className={styles.name}>
                      {option.user.displayName || option.user.fullName || option.user.username}
                    </span>
                    <span className={styles.detail}>@{option.user.username}</span>
                  </span>
                </>
              ) : (
                <>
                  <Avatar email={option.email} size={36} decorative />
                  <span className={styles.person}>
                    <span className={styles.name}>Invite {option.email}</span>
                    <span className={styles.detail}>They will get an e-mail invitation</span>
                  </span>
                </>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
