import { describe, expect, it } from 'vitest';
import { forEachBoundedByKey } from '../src/lib/bounded-by-key';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('forEachBoundedByKey', () => {
  it('runs at most `limit` items of one key at once, the keys side by side, every item once', async () => {
    const items = [
      ...Array.from({ length: 9 }, (_, i) => ({ key: 'vtpass', n: i })),
      ...Array.from({ length: 3 }, (_, i) => ({ key: 'datastation', n: i })),
    ];
    const running = new Map<string, number>();
    const most = new Map<string, number>();
    let together = 0;
    let mostTogether = 0;
    const done: string[] = [];
    await forEachBoundedByKey(
      items,
      (item) => item.key,
      4,
      async (item) => {
        running.set(item.key, (running.get(item.key) ?? 0) + 1);
        most.set(item.key, Math.max(most.get(item.key) ?? 0, running.get(item.key)!));
        together += 1;
        mostTogether = Math.max(mostTogether, together);
        await tick();
        together -= 1;
        running.set(item.key, running.get(item.key)! - 1);
        done.push(`${item.key}:${item.n}`);
      },
    );
    expect(Object.fromEntries(most)).toEqual({ vtpass: 4, datastation: 3 });
    expect(mostTogether).toBe(7);
    expect(done.sort()).toEqual(items.map((item) => `${item.key}:${item.n}`).sort());
  });

  it('tries every item when some fail, then throws the first failure', async () => {
    const tried: number[] = [];
    const run = forEachBoundedByKey(
      [1, 2, 3, 4, 5],
      () => 'one',
      2,
      async (n) => {
        await tick();
        tried.push(n);
        if (n === 2 || n === 4) throw new Error(`item ${n}`);
      },
    );
    await expect(run).rejects.toThrow('item 2');
    expect(tried.sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it('does nothing for no items, and treats a limit below one as one', async () => {
    await forEachBoundedByKey(
      [],
      () => 'k',
      4,
      () => Promise.reject(new Error('never')),
    );
    let running = 0;
    let most = 0;
    await forEachBoundedByKey(
      [1, 2, 3],
      () => 'k',
      0,
      async () => {
        running += 1;
        most = Math.max(most, running);
        await tick();
        running -= 1;
      },
    );
    expect(most).toBe(1);
  });
});
