import { useEffect, useState } from 'react';
import { loadRuntimeConfig } from '../runtime-config';

/**
 * Whether the server runs the provider sandbox (GET /api/config): null until it has answered.
 * Callers show sandbox controls only on `true`, so a live deployment never shows one, not even
 * for a moment.
 */
export function useSandboxMode(): boolean | null {
  const [sandbox, setSandbox] = useState<boolean | null>(null);
  useEffect(() => {
    let alive = true;
    void loadRuntimeConfig().then((config) => {
      if (alive) setSandbox(config.sandbox);
    });
    return () => {
      alive = false;
    };
  }, []);
  return sandbox;
}
