import type { MockLink } from "@apollo/client/testing";
import { OnThisDayDocument } from "../../../gql/graphql";

/** "On this day" memories for a screen test: `[{id, timelineId, title, memoryDate}]`, none by default. */
export function onThisDayMock(
  list: { id: string; timelineId: string; title: string; memoryDate: string }[] = [],
): MockLink.MockedResponse {
  return {
    request: { query: OnThisDayDocument },
    result: {
      data: {
        onThisDay: list.map((m) => ({
          __typename: "Memory",
          id: m.id,
          memoryDate: m.memoryDate,
          timelineId: m.timelineId,
          timeline: { __typename: "Timeline", id: m.timelineId, title: m.title },
          media: { __typename: "Media", id: `media-${m.id}`, thumbUrl: null },
        })),
      },
    },
  };
}
