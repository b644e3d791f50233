import type { FileUpload } from "graphql-upload-minimal";
import { Field, InputType, ObjectType } from "type-graphql";
import { GraphQLUpload } from "../../graphql/upload.scalar.js";
import { User } from "../../entities/user.entity.js";

@InputType()
export class UpdateProfileInput {
  @Field(() => String, { nullable: true })
  displayName?: string | null;

  @Field(() => String, { nullable: true })
  username?: string | null;

  @Field(() => String, { nullable: true })
  bio?: string | null;

  @Field(() => GraphQLUpload, { nullable: true })
  photo?: Promise<FileUpload> | null;

  @Field(() => Boolean, { nullable: true })
  removePhoto?: boolean | null;
}

@ObjectType()
export class UpdateProfilePayload {
  @Field(() => User)
  user!: User;
}
