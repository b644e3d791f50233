import { GraphQLUpload, type FileUpload } from "graphql-upload-minimal";

/**
 * The `Upload` scalar of GraphQL multipart requests (graphql-upload-minimal; the middleware is
 * mounted before Apollo in app.ts). Use it as
 *   `@Arg("file", () => GraphQLUpload) file: Promise<FileUpload>` or
 *   `@Field(() => GraphQLUpload, { nullable: true }) file?: Promise<FileUpload>`
 * and hand the upload to `services.media.ingestUpload(viewer, file)`.
 */
export { GraphQLUpload };
export type { FileUpload };
