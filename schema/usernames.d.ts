export declare const RESERVED_USERNAMES: ReadonlySet<string>;
export declare const USERNAME_RESERVED = "This username is reserved. Please choose a different one.";
export declare function isReservedUsername(name: string): boolean;
