import type { FileUpload } from "graphql-upload-minimal";
import { Field, ID, InputType, ObjectType } from "type-graphql";
import { GraphQLUpload } from "../media/upload.scalar.js";
import { Memory } from "./memory.entity.js";

@InputType({ description: "Either file (GraphQL multipart) or mediaId (from POST /api/upload/file) is required" })
export class CreateMemoryInput {
  @Field(() => ID)
  timelineId!: string;

  @Field(() => GraphQLUpload, { nullable: true })
  file?: Promise<FileUpload> | null;

  @Field(() => ID, { nullable: true })
  mediaId?: string | null;

  @Field(() => GraphQLUpload, {
    nullable: true,
    description: "optional poster frame (image) for a video, captured in the browser",
  })
  poster?: Promise<FileUpload> | null;

  @Field(() => String, { nullable: true })
  caption?: string | null;

  @Field(() => String, { nullable: true })
  location?: string | null;

  @Field(() => String, { nullable: true })
  memoryDate?: string | null;

  @Field(() => String, { nullable: true })
  meaning?: string | null;
}

@ObjectType()
export class CreateMemoryPayload {
  @Field(() => Memory)
  memory!: Memory;
}

@InputType()
export class UpdateMemoryInput {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { nullable: true })
  caption?: string | null;

  @Field(() => String, { nullable: true })
  location?: string | null;

  @Field(() => String, { nullable: true })
  memoryDate?: string | null;

  @Field(() => String, { nullable: true })
  meaning?: string | null;

  @Field(() => GraphQLUpload, { nullable: true })
  file?: Promise<FileUpload> | null;

  @Field(() => ID, { nullable: true })
  mediaId?: string | null;

  @Field(() => GraphQLUpload, { nullable: true })
  poster?: Promise<FileUpload> | null;
}

@ObjectType()
export class UpdateMemoryPayload {
  @Field(() => Memory)
  memory!: Memory;
}

@InputType()
export class DeleteMemoryInput {
  @Field(() => ID)
  id!: string;
}

@ObjectType()
export class DeleteMemoryPayload {
  @Field(() => ID)
  deletedId!: string;

  @Field(() => ID)
  timelineId!: string;
}
