import type { Clock } from './clock';

/**
 * A supplier list kept in memory for `ttlMs` (betting billers and items, Safe Haven categories,
 * products and banks). Concurrent callers share one fetch; a failed fetch, or an answer `keep`
 * refuses (an empty list), is not kept, so the next caller asks again.
 */
export function cachedLoader<T>(
  clock: Clock,
  ttlMs: number,
  load: () => Promise<T>,
  keep: (value: T) => boolean = () => true,
): () => Promise<T> {
  let value: { at: number; data: T } | undefined;
  let loading: Promise<T> | undefined;
  return async () => {
    const now = clock.now().getTime();
    if (value && now - value.at < ttlMs) return value.data;
    loading ??= load().finally(() => (loading = undefined));
    const data = await loading;
    if (keep(data)) value = { at: now, data };
    return data;
  };
}

/** One cachedLoader per key (items per biller, products per category). */
export function keyedLoader<T>(
  clock: Clock,
  ttlMs: number,
  load: (key: string) => Promise<T>,
  keep?: (value: T) => boolean,
): (key: string) => Promise<T> {
  const loaders = new Map<string, () => Promise<T>>();
  return (key) => {
    let loader = loaders.get(key);
    if (!loader) {
      loader = cachedLoader(clock, ttlMs, () => load(key), keep);
      loaders.set(key, loader);
    }
    return loader();
  };
}
