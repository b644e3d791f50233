import type { FileUpload } from "graphql-upload-minimal";
import { Field, ID, InputType, Int, ObjectType, registerEnumType } from "type-graphql";
import { edgeType, PageInfo, type Edge } from "../../graphql/connection.js";
import { GraphQLUpload } from "../../graphql/upload.scalar.js";
import { Memory } from "../../entities/memory.entity.js";
import { Privacy } from "../../entities/timeline.enums.js";

@InputType({
  description:
    "One of file (GraphQL multipart), mediaId or mediaIds (from POST /api/upload/file or /api/uploads) is required",
})
export class CreateMemoryInput {
  @Field(() => ID)
  timelineId!: string;

  @Field(() => GraphQLUpload, { nullable: true })
  file?: Promise<FileUpload> | null;

  @Field(() => ID, { nullable: true })
  mediaId?: string | null;

  @Field(() => [ID], {
    nullable: true,
    description:
      "several photos and videos (1 to 10) in order, the first the cover: each your own unattached upload; instead of file or mediaId",
  })
  mediaIds?: string[] | null;

  @Field(() => String, { nullable: true })
  caption?: string | null;

  @Field(() => String, { nullable: true })
  location?: string | null;

  @Field(() => String, { nullable: true })
  memoryDate?: string | null;

  @Field(() => String, { nullable: true })
  meaning?: string | null;

  @Field(() => Privacy, {
    nullable: true,
    description:
      "who can see this memory, never wider than its timeline; absent = the timeline's (docs/decisions/052-memory-privacy.md)",
  })
  privacy?: Privacy | null;
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

  @Field(() => String, {
    nullable: true,
    description:
      "the other participant's own note (docs/decisions/027-two-voices.md); only they may send it; empty clears it",
  })
  partnerMeaning?: string | null;

  @Field(() => GraphQLUpload, { nullable: true })
  file?: Promise<FileUpload> | null;

  @Field(() => ID, { nullable: true, description: "a new cover in place of the current one" })
  mediaId?: string | null;

  @Field(() => [ID], {
    nullable: true,
    description:
      "all the memory's photos and videos (1 to 10) in the new order, the first the cover: each already on this memory or your own unattached upload; those left out are deleted",
  })
  mediaIds?: string[] | null;
  @Field(() => Privacy, {
    nullable: true,
    description:
      "a new tier for the memory (null: the timeline's): narrower applies at once, wider waits for the other participant (`pendingPrivacy`); wider than the timeline is BAD_USER_INPUT",
  })
  privacy?: Privacy | null;
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

export const MemoryEdge = edgeType("Memory", Memory);

@ObjectType({ description: "memories in pages (docs/decisions/024-paged-reads.md)" })
export class MemoryConnection {
  @Field(() => [MemoryEdge])
  edges!: Edge<Memory>[];

  @Field(() => PageInfo)
  pageInfo!: PageInfo;

  /** counts the whole list, read only when asked for */
  count!: () => Promise<number>;

  @Field(() => Int, { description: "how many memories the whole list holds" })
  totalCount(): Promise<number> {
    return this.count();
  }
}

/** The orders a client may page a timeline's memories in (docs/product.md §2). */
export enum MemoryOrder {
  /** newest memoryDate first, a missing date last (View Timeline, the Memories screen) */
  NEWEST_FIRST = "-memory_date",
  /** oldest memoryDate first, a missing date first (the public profile's timeline detail) */
  OLDEST_FIRST = "memory_date",
}
registerEnumType(MemoryOrder, { name: "MemoryOrder" });

@ObjectType({ description: "how many of a timeline's memories one month holds" })
export class MemoryMonth {
  @Field(() => String, { nullable: true, description: "YYYY-MM; null for the memories without a date" })
  month!: string | null;

  @Field(() => Int)
  count!: number;
}
