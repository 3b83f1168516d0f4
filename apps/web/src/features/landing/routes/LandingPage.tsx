import { messages } from '@owo/shared/messages';
import { TRUST_USER_COUNT } from '@owo/shared/constants';
import { AppLink } from '../../../components/AppLink';
import { buttonClasses } from '../../../components/Button';
import { MailIcon } from '../../../components/icons';
import { SignedOutNotice } from '../../../components/SignedOutNotice';
import { SocialLinks } from '../../../components/SocialLinks';
import { APP_NAME } from '../../../lib/brand';
import { isAdmin, useSession } from '../../../lib/session-store';
import { GoogleSignInButton } from '../components/GoogleSignInButton';
import { useGoogleSignIn } from '../api/use-google-sign-in';
import { InstallButton } from '../components/InstallButton';
import { HeroArt } from '../components/HeroArt';

/**
 * The landing page ships in the entry bundle and is first painted without the router (see
 * main.tsx), so it imports nothing heavy: no router, zod, query cache or app screens.
 */
export function LandingPage() {
  const admin = useSession((s) => isAdmin(s.user));
  // Only where the server has Google sign-in configured (GET /api/config); elsewhere the button
  // could only fail, so e-mail is the one way in and takes the prominent style.
  const google = useGoogleSignIn() === true;
  return (
    <main className="relative flex min-h-dvh flex-col overflow-hidden bg-brand-700 text-white">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-40 -right-32 size-96 rounded-full bg-brand-500/40 blur-3xl"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute top-1/3 -left-40 size-80 rounded-full bg-accent-500/15 blur-3xl"
      />

      <div className="relative mx-auto flex w-full max-w-md flex-1 flex-col px-6 pt-[max(env(safe-area-inset-top),1rem)]">
        <header className="flex h-16 items-center justify-between">
          <span className="flex items-center gap-2 text-xl font-bold tracking-tight">
            <img
              src="/favicon.svg"
              alt=""
              width={36}
              height={36}
              className="size-9 rounded-xl ring-1 ring-white/30"
            />
            {APP_NAME}
          </span>
          <div className="flex items-center gap-2">
            {admin ? (
              <AppLink
                to="/login"
                className="inline-flex min-h-11 items-center rounded-full px-4 text-sm font-semibold text-white hover:bg-white/10"
              >
                Login
              </AppLink>
            ) : null}
            <InstallButton />
          </div>
        </header>

        <SignedOutNotice className="mt-2" />

        <HeroArt />

        <section className="mt-auto pb-6">
          <h1 className="text-[1.75rem] leading-tight font-bold tracking-tight text-balance">
            {messages.tagline}
          </h1>
          <p className="mt-4 flex items-center gap-3 text-sm text-brand-100">
            <span aria-hidden="true" className="flex -space-x-2">
              {['A', 'T', 'C'].map((letter, index) => (
                <span
                  key={letter}
                  className={`grid size-7 place-items-center rounded-full text-xs font-bold ring-2 ring-brand-700 ${
                    [
                      'bg-accent-400 text-brand-950',
                      'bg-brand-200 text-brand-900',
                      'bg-white text-brand-700',
                    ][index]
                  }`}
                >
                  {letter}
                </span>
              ))}
            </span>
            <span>
              Trusted by over{' '}
              <strong className="font-semibold text-white">
                {TRUST_USER_COUNT.toLocaleString('en-NG')}
              </strong>{' '}
              active users
            </span>
          </p>

          <div className="mt-8 grid gap-3">
            {google ? <GoogleSignInButton /> : null}
            <AppLink
              to="/account/create"
              className={
                google
                  ? `${buttonClasses('primary')} bg-brand-900/60 ring-1 ring-white/25 hover:bg-brand-900`
                  : buttonClasses('light')
              }
            >
              <MailIcon size={20} />
              Continue with email
            </AppLink>
          </div>
        </section>

        <footer className="pb-[max(env(safe-area-inset-bottom),1.5rem)]">
          <SocialLinks tone="light" />
        </footer>
      </div>
    </main>
  );
}
