import { afterEach, describe, expect, it } from 'vitest';
import { MutationObserver, notifyManager, onlineManager, QueryClient } from '@tanstack/react-query';
import { isSubmitting, submitMutationOptions } from './submit-mutation';

// useSubmitMutation is useMutation with these options and this gate; useMutation is a
// MutationObserver whose result reaches React through a listener wrapped in batchCalls.
function observe<TReply>(mutationFn: (n: number) => Promise<TReply>) {
  const queryClient = new QueryClient();
  const key = ['submit', 'test'];
  const observer = new MutationObserver(queryClient, submitMutationOptions(key, mutationFn));
  const seen: boolean[] = [];
  observer.subscribe(notifyManager.batchCalls((result) => seen.push(result.isPending)));
  return { queryClient, key, observer, seen };
}

afterEach(() => onlineManager.setOnline(true));

describe('useSubmitMutation', () => {
  it('sees a call as running the moment it starts, before the component hears of it', async () => {
    const { queryClient, key, observer, seen } = observe(() => new Promise(() => {}));
    expect(isSubmitting(queryClient, key)).toBe(false);
    void observer.mutate(1);
    // A second tap handled now still has the last render's isPending (false): the gate is not.
    expect(isSubmitting(queryClient, key)).toBe(true);
    expect(seen).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(seen).toEqual([true]);
  });

  it('sends once for a double tap that checks the gate, and opens it again after the answer', async () => {
    const sent: number[] = [];
    let answer: (value: string) => void = () => {};
    const { queryClient, key, observer } = observe((n) => {
      sent.push(n);
      return new Promise<string>((resolve) => (answer = resolve));
    });
    const tap = (n: number) => (isSubmitting(queryClient, key) ? null : observer.mutate(n));
    const first = tap(1);
    expect(tap(2)).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(tap(2)).toBeNull();
    answer('ok');
    await expect(first).resolves.toBe('ok');
    expect(isSubmitting(queryClient, key)).toBe(false);
    const third = tap(3);
    expect(third).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 0));
    answer('again');
    await expect(third).resolves.toBe('again');
    expect(sent).toEqual([1, 3]);
  });

  it('sends while the browser says it is offline, so the failure is told at once', async () => {
    onlineManager.setOnline(false);
    const sent: number[] = [];
    const { observer } = observe(async (n) => {
      sent.push(n);
      throw new Error('Failed to fetch');
    });
    await expect(observer.mutate(1)).rejects.toThrow('Failed to fetch');
    expect(sent).toEqual([1]);
  });

  it('does not retry a failed call', async () => {
    let calls = 0;
    const { observer } = observe(async () => {
      calls += 1;
      throw new Error('503');
    });
    await expect(observer.mutate(1)).rejects.toThrow('503');
    expect(calls).toBe(1);
  });
});
