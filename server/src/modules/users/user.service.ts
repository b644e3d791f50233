import type { DataSource } from "typeorm";
import { User } from "./user.entity.js";

export class UserService {
  constructor(private readonly ds: DataSource) {}

  findById(id: string): Promise<User | null> {
    return this.ds.getRepository(User).findOneBy({ id });
  }
}
