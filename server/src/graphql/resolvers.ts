import type { NonEmptyArray } from "type-graphql";
import { UserResolver } from "../modules/users/user.resolver.js";

/** Every resolver class of the schema. Add a module's resolver here. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export const resolvers: NonEmptyArray<Function> = [UserResolver];
