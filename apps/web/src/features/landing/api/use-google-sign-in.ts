import { useEffect, useState } from 'react';
import { loadRuntimeConfig } from '../../../lib/runtime-config';

/**
 * Whether Google sign-in is configured on the server (GET /api/config names a client id): null
 * until it has answered. The landing page shows "Continue with Google" only on `true`, so a
 * deployment without it never offers a button that can only fail.
 */
export function useGoogleSignIn(): boolean | null {
  const [available, setAvailable] = useState<boolean | null>(null);
  useEffect(() => {
    let alive = true;
    void loadRuntimeConfig().then((config) => {
      if (alive) setAvailable(config.googleClientId !== null);
    });
    return () => {
      alive = false;
    };
  }, []);
  return available;
}
