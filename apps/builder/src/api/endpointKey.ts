import type { CallInput, Endpoint, ResponseOf } from '@quizbeam/contracts/endpoint';
import type { DataTag, QueryKey } from '@tanstack/react-query';

/** Some of a call's input: each part (`params`, `query`, `body`) with some of its values, or left out. */
export type PartialCallInput<E> = { [Part in keyof CallInput<E>]?: Partial<CallInput<E>[Part]> };

/** A query key that tells `setQueryData` and `getQueryData` the type of the answer it holds. */
export type EndpointKey<E> = DataTag<QueryKey, ResponseOf<E>, Error>;

const pathSegments = (path: string) => path.split('/').filter((segment) => segment !== '');

/**
 * Where the cache keeps a call's answer: the declaration's path, one segment at a time (`:name` as
 * written, so two declarations never share a key), then one object with the method and the input given.
 * TanStack Query matches a key given to `invalidateQueries` as a prefix and its objects by the values they
 * name, so the key of a declaration with some input reaches every query of that declaration with those
 * values (all of them with none), and never one of a longer path, which has a segment where this key has
 * its object.
 */
export function endpointKey<E extends Endpoint>(
  declaration: E,
  input: PartialCallInput<E> = {},
): EndpointKey<E> {
  const given: { params?: unknown; query?: unknown; body?: unknown } = input;
  const parts = Object.fromEntries(
    (['params', 'query', 'body'] as const).flatMap((part) =>
      given[part] === undefined ? [] : [[part, given[part]]],
    ),
  );
  return [
    ...pathSegments(declaration.path),
    { method: declaration.method, ...parts },
  ] as QueryKey as EndpointKey<E>;
}

/**
 * The key of every query of every endpoint at or under a path: `endpointsUnderKey('/api/templates')`
 * reaches the template list, one template and the templates for new quizzes alike.
 */
export function endpointsUnderKey(path: string): QueryKey {
  return pathSegments(path);
}
