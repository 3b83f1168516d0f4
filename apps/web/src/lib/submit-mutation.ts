import { useId } from 'react';
import {
  useMutation,
  useQueryClient,
  type MutationKey,
  type QueryClient,
} from '@tanstack/react-query';

/**
 * A request sent from a button (a payment, a lookup before one) as a TanStack mutation:
 * `isPending` drives the button and the sheet; `send` resolves or rejects as the request does, so
 * the caller keeps its own answer handling in one place.
 *
 * `inFlight()` says whether a call is running right now, from the mutation cache, which changes the
 * moment `send` is called. `isPending` as a handler sees it is the one of the last render, and
 * TanStack tells React on a zero-delay timer: a second tap landing before that render would
 * otherwise send a second request. Callers return early on `inFlight()` so a double tap sends once.
 */
export function useSubmitMutation<TVariables, TReply>(
  mutationFn: (variables: TVariables) => Promise<TReply>,
) {
  const queryClient = useQueryClient();
  const mutationKey = ['submit', useId()];
  const mutation = useMutation(submitMutationOptions(mutationKey, mutationFn));
  return {
    isPending: mutation.isPending,
    inFlight: () => isSubmitting(queryClient, mutationKey),
    send: mutation.mutateAsync,
  };
}

/**
 * Network mode 'always': an offline tap fails at once with the usual message, as a plain request
 * does, instead of waiting paused for the network with a spinning button. No retry: a payment is
 * retried by the person, under the same Idempotency-Key, never behind their back.
 */
export function submitMutationOptions<TVariables, TReply>(
  mutationKey: MutationKey,
  mutationFn: (variables: TVariables) => Promise<TReply>,
) {
  return { mutationKey, mutationFn, networkMode: 'always', retry: false } as const;
}

/** Whether a call of this mutation is running, as the cache knows it (no render needed). */
export function isSubmitting(queryClient: QueryClient, mutationKey: MutationKey): boolean {
  return queryClient.isMutating({ mutationKey, exact: true }) > 0;
}
