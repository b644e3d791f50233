import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { useSendDigestPreviewMutation } from "../../../gql/graphql";

/** "Send me a preview now": the last week's digest, to the person's own address, at once. */
export function DigestPreviewButton() {
  const [send, { loading }] = useSendDigestPreviewMutation();
  const [said, setSaid] = useState<string | null>(null);
  return (
    <div>
      <Button
        type="button"
        variant="secondary"
        busy={loading}
        busyLabel="Sending..."
        onClick={() =>
          void send()
            .then(() => setSaid("A preview is on its way to your inbox."))
            .catch((err: { message?: string }) => setSaid(err?.message ?? "The preview could not be sent."))
        }
      >
        Send me a preview now
      </Button>
      {said ? <p role="status">{said}</p> : null}
    </div>
  );
}
