import { useSyncExternalStore, type ReactNode } from 'react';
import { messages } from '@owo/shared/messages';
import { DESKTOP_CUTOFF_PX } from '@owo/shared/constants';
import { SocialLinks } from '../../components/SocialLinks';
import { APP_NAME } from '../../lib/brand';

const desktopQuery = `(min-width: ${DESKTOP_CUTOFF_PX + 1}px)`;

function subscribe(onChange: () => void) {
  const list = window.matchMedia(desktopQuery);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}
const isDesktop = () => window.matchMedia(desktopQuery).matches;

/** The product is mobile-only: wider than 768 px, every page shows only this notice (spec §1). */
export function MobileOnlyGate({ children }: { children: ReactNode }) {
  const desktop = useSyncExternalStore(subscribe, isDesktop, () => false);
  if (!desktop) return <>{children}</>;
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-brand-700 px-6 text-center text-white">
      <div className="w-full max-w-md rounded-[2rem] bg-white/5 p-10 ring-1 ring-white/15">
        <img
          src="/favicon.svg"
          alt={APP_NAME}
          width={64}
          height={64}
          className="mx-auto mb-6 size-16"
        />
        <h1 className="text-2xl font-semibold">{messages.desktopTitle}</h1>
        <p className="mt-3 text-brand-100">{messages.desktopBody}</p>
        <div className="mt-8">
          <SocialLinks tone="light" />
        </div>
      </div>
    </main>
  );
}
