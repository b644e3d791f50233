// apollo-upload-client@19 ships JSDoc-typed .mjs files without declarations (docs/decisions/012-stack-and-decorators.md).
declare module "apollo-upload-client/UploadHttpLink.mjs" {
  import { ApolloLink } from "@apollo/client/link";
  import type { BaseHttpLink } from "@apollo/client/link/http";

  export interface UploadHttpLinkOptions {
    /** GraphQL endpoint, default "/graphql". */
    uri?: string | ((operation: ApolloLink.Operation) => string);
    useGETForQueries?: boolean;
    isExtractableFile?: (value: unknown) => boolean;
    FormData?: typeof FormData;
    formDataAppendFile?: (formData: FormData, fieldName: string, file: unknown) => void;
    print?: BaseHttpLink.Printer;
    fetch?: typeof fetch;
    fetchOptions?: RequestInit;
    credentials?: RequestCredentials;
    headers?: Record<string, string>;
    includeExtensions?: boolean;
    includeUnusedVariables?: boolean;
  }

  export default class UploadHttpLink extends ApolloLink {
    constructor(options?: UploadHttpLinkOptions);
  }
}
