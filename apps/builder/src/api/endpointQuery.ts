import type { CallInput, Endpoint, ResponseOf } from '@quizbeam/contracts/endpoint';
import {
  type SkipToken,
  skipToken,
  type UseMutationOptions,
  type UseMutationResult,
  type UseQueryOptions,
  type UseQueryResult,
  useMutation,
  useQuery,
} from '@tanstack/react-query';
import { call, callInBackground } from './apiClient';
import { type EndpointKey, endpointKey } from './endpointKey';

/** `call` (or `callInBackground`) for a declaration known here only as a type parameter. */
type TypedCall = <E extends Endpoint>(declaration: E, input: CallInput<E>) => Promise<ResponseOf<E>>;

interface CallOptions {
  /** A load the user did not ask for (a status check, a poll): see `callInBackground`. */
  background?: boolean;
}

/**
 * The key and the load of a declaration's query, for `useQueries` and `queryClient.fetchQuery` as much as
 * for `useEndpointQuery`. `skipToken` instead of the input: nothing to load yet.
 */
export function endpointQueryOptions<E extends Endpoint>(
  declaration: E,
  input: CallInput<E> | SkipToken,
  { background = false }: CallOptions = {},
): { queryKey: EndpointKey<E>; queryFn: (() => Promise<ResponseOf<E>>) | SkipToken } {
  if (input === skipToken) return { queryKey: endpointKey(declaration), queryFn: skipToken };
  const send = (background ? callInBackground : call) as TypedCall;
  return { queryKey: endpointKey(declaration, input), queryFn: () => send(declaration, input) };
}

export type EndpointQueryOptions<E, Data> = Omit<
  UseQueryOptions<ResponseOf<E>, Error, Data>,
  'queryKey' | 'queryFn'
> &
  CallOptions;

/**
 * Loads a declaration's answer through the cache, keyed by the declaration and its input (`endpointKey`),
 * with TanStack Query's options (`select`, `enabled`, `staleTime`, `meta.handlesError`…).
 */
export function useEndpointQuery<E extends Endpoint, Data = ResponseOf<E>>(
  declaration: E,
  input: CallInput<E> | SkipToken,
  { background, ...options }: EndpointQueryOptions<E, Data> = {},
): UseQueryResult<Data, Error> {
  return useQuery({ ...options, ...endpointQueryOptions(declaration, input, { background }) });
}

/**
 * Calls a declaration that changes data: `mutate({ params, body })`. `onSuccess` says what the cache
 * loads again (`invalidateQueries` with an `endpointKey`) or takes from the answer (`setQueryData`).
 */
export function useEndpointMutation<E extends Endpoint, OnMutateResult = unknown>(
  declaration: E,
  options: Omit<UseMutationOptions<ResponseOf<E>, Error, CallInput<E>, OnMutateResult>, 'mutationFn'> = {},
): UseMutationResult<ResponseOf<E>, Error, CallInput<E>, OnMutateResult> {
  return useMutation({
    ...options,
    mutationFn: (input) => (call as TypedCall)(declaration, input),
  });
}
