/**
 * A value a field can answer at once when the request already has it, else a promise
 * (docs/decisions/028-fast-graphql-path.md): GraphQL execution takes either, and `await` too.
 */
export type MaybePromise<T> = T | Promise<T>;

/** `f` of the value, without a promise round when the value is already there. */
export function andThen<T, R>(value: MaybePromise<T>, f: (v: T) => MaybePromise<R>): MaybePromise<R> {
  return value instanceof Promise ? value.then(f) : f(value);
}
