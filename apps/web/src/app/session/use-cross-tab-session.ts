import { useEffect } from 'react';
import { useSession } from '../../lib/session-store';

/** Another tab signed in, out, or was active: pick up its stored session. */
export function useCrossTabSession(): void {
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === 'root') void useSession.persist.rehydrate();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
}
