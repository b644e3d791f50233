import { registerEnumType } from "type-graphql";

export enum MediaType {
  IMAGE = "image",
  VIDEO = "video",
}

registerEnumType(MediaType, { name: "MediaType" });
