import { GlobeIcon, LockIcon, UsersIcon } from "../../../components/ui/icons";
import type { Privacy } from "../../../gql/graphql";
import { privacyLabel } from "../lib/privacy";
import styles from "./privacy-tier.module.css";

const icons = { PRIVATE: LockIcon, SEMI_PRIVATE: UsersIcon, PUBLIC: GlobeIcon } as const;

/** A timeline's privacy tier as an icon and its label (docs/product.md §1), e.g. in its header. */
export function PrivacyTier({ privacy }: { privacy: Privacy }) {
  const Icon = icons[privacy];
  return (
    <span className={styles.tier} data-privacy={privacy} data-testid="privacy-tier">
      <Icon size={16} />
      <span>
        <span className="visually-hidden">Privacy: </span>
        {privacyLabel(privacy)}
      </span>
    </span>
  );
}
