/**
 * Runs `work` on every item, at most `limit` at a time among the items of one key (a supplier),
 * the keys side by side: a slow supplier holds back only its own items, and no supplier gets more
 * than `limit` calls from this process at once. Every item is tried even when some fail; the first
 * failure is thrown once all have ended.
 */
export async function forEachBoundedByKey<T>(
  items: readonly T[],
  keyOf: (item: T) => string,
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  const queues = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const queue = queues.get(key);
    if (queue) queue.push(item);
    else queues.set(key, [item]);
  }
  const failures: unknown[] = [];
  const worker = async (queue: T[]) => {
    while (queue.length > 0) {
      const item = queue.shift() as T;
      try {
        await work(item);
      } catch (error) {
        failures.push(error);
      }
    }
  };
  const workers: Promise<void>[] = [];
  for (const queue of queues.values()) {
    const count = Math.min(Math.max(1, limit), queue.length);
    for (let i = 0; i < count; i += 1) workers.push(worker(queue));
  }
  await Promise.all(workers);
  if (failures.length > 0) throw failures[0];
}
