import type { Providers } from '@owo/providers/types';
import type { Metrics } from './metrics';

/**
 * The supplier adapters with every asynchronous call timed (owo_supplier_call_duration_seconds,
 * labelled with the adapter and method name: vtpass/pay, ogdams/requery, …). Wrapping the adapters
 * times every call site at once — purchases, requeries, lookups, balances — without a line in the
 * modules. Synchronous methods (webhook parsing) are not supplier calls and pass through untimed.
 * Adapters are looked up on each access, so a test that swaps or spies on one is still seen.
 */
export function timedProviders(providers: Providers, metrics: Metrics): Providers {
  const wrapped = new WeakMap<object, object>();
  const timeAdapter = (supplier: string, adapter: object): object =>
    new Proxy(adapter, {
      get(target, operation, receiver) {
        const value: unknown = Reflect.get(target, operation, receiver);
        if (typeof value !== 'function' || typeof operation !== 'string') return value;
        return (...args: unknown[]) => {
          const started = performance.now();
          const result: unknown = Reflect.apply(value, target, args);
          if (!(result instanceof Promise)) return result;
          const observe = () =>
            metrics.supplierCall(supplier, operation, performance.now() - started);
          return result.finally(observe);
        };
      },
    });
  return new Proxy(providers, {
    get(target, supplier, receiver) {
      const adapter: unknown = Reflect.get(target, supplier, receiver);
      if (typeof adapter !== 'object' || adapter === null || typeof supplier !== 'string') {
        return adapter;
      }
      let timed = wrapped.get(adapter);
      if (!timed) {
        timed = timeAdapter(supplier, adapter);
        wrapped.set(adapter, timed);
      }
      return timed;
    },
  });
}
