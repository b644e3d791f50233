import type { ReactNode } from "react";
import { Avatar } from "../../../components/ui/avatar";
import styles from "./profile-card.module.css";

export interface ProfileCardPerson {
  /** Their id: the avatar keeps its colour through a rename. */
  id?: string | null;
  displayName: string;
  username: string;
  email?: string | null;
  bio?: string | null;
  profilePhotoUrl?: string | null;
}

interface ProfileCardProps {
  person: ProfileCardPerson;
  /** The name is the page's h1 on the public profile, an h2 under "Profile" on the own one. */
  headingLevel?: 1 | 2;
  /** Show the e-mail (own profile). */
  showEmail?: boolean;
  children?: ReactNode;
}

/** Avatar (photo or generated initials), display name, @username, e-mail and bio (docs/product.md §2). */
export function ProfileCard({ person, headingLevel = 2, showEmail = false, children }: ProfileCardProps) {
  const Heading = headingLevel === 1 ? "h1" : "h2";
  const name = person.displayName.trim() || person.username;
  const bio = person.bio?.trim();
  return (
    <section className={styles.card} aria-label="About">
      <span className={styles.avatar}>
        <Avatar seed={person.id} name={name} email={person.email} src={person.profilePhotoUrl} size={88} decorative />
      </span>
      <Heading className={styles.name}>{name}</Heading>
      <p className={styles.username}>@{person.username}</p>
      {showEmail && person.email ? <p className={styles.email}>{person.email}</p> : null}
      {bio ? <p className={styles.bio}>{bio}</p> : null}
      {children ? <div className={styles.actions}>{children}</div> : null}
    </section>
  );
}
