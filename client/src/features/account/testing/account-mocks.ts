import type { MockLink } from "@apollo/client/testing";
import { MyExportUrlDocument } from "../../../gql/graphql";

/** The person's export link, as `MyExportUrl` answers it (Profile's "Download my data"). */
export function myExportUrlMock(): MockLink.MockedResponse {
  return {
    request: { query: MyExportUrlDocument },
    result: { data: { me: { __typename: "User", id: "u-1", exportUrl: "/api/users/me/export" } } },
  };
}
