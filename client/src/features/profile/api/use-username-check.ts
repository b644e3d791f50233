import { isReservedUsername, USERNAME_MAX, USERNAME_MIN } from "@keepsake/contract";
import { useEffect, useRef, useState } from "react";
import { useUsernameAvailableLazyQuery } from "../../../gql/graphql";

/** Spec §4, §9: the check starts 500 ms after typing stops, and only from 3 characters. */
export const USERNAME_CHECK_DELAY_MS = 500;
export const USERNAME_CHECK_MIN_LENGTH = USERNAME_MIN;
/** The server's rule (docs/product.md §5): lowercase letters and numbers, at most 30. */
export const USERNAME_PATTERN = /^[a-z0-9]*$/;

export type UsernameCheck = "idle" | "checking" | "available" | "taken" | "reserved";

/**
 * Live availability of `username` (docs/product.md §4): idle → checking → available | taken. The user's
 * current name counts as available without asking. A name that breaks the format, is too short
 * or was just typed is idle. A failed check is idle too (the save will tell). A reserved name is
 * "reserved" at once, without asking: it is not someone's, and saying "taken" would be wrong
 * (docs/decisions/037-each-voice-its-authors.md).
 */
export function useUsernameCheck(username: string, current: string | null | undefined): UsernameCheck {
  const [execute] = useUsernameAvailableLazyQuery({ fetchPolicy: "network-only" });
  const executeRef = useRef(execute);
  useEffect(() => {
    executeRef.current = execute;
  });
  const [result, setResult] = useState<{ name: string; check: UsernameCheck } | null>(null);

  const isCurrent = Boolean(current) && username === current;
  const reserved = !isCurrent && isReservedUsername(username);
  const checkable =
    !isCurrent &&
    !reserved &&
    username.length >= USERNAME_CHECK_MIN_LENGTH &&
    username.length <= USERNAME_MAX &&
    USERNAME_PATTERN.test(username);

  useEffect(() => {
    if (!checkable) return;
    let active = true;
    const timer = window.setTimeout(() => {
      setResult({ name: username, check: "checking" });
      executeRef.current({ variables: { username } }).then(
        (answer) => {
          if (!active) return;
          const available = answer.data?.usernameAvailable;
          setResult({ name: username, check: available === undefined ? "idle" : available ? "available" : "taken" });
        },
        () => {
          if (active) setResult({ name: username, check: "idle" });
        },
      );
    }, USERNAME_CHECK_DELAY_MS);
    return () => {
      active = false;
      window.clearTimeout(timer);
    };
  }, [username, checkable]);

  if (isCurrent) return "available";
  if (reserved) return "reserved";
  if (!checkable || result?.name !== username) return "idle";
  return result.check;
}
