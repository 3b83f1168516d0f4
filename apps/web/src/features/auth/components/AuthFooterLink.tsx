import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface AuthFooterLinkProps {
  prompt: string;
  to: string;
  children: ReactNode;
}

/** Centred "Question? Link" line under a sign-in screen's button. */
export function AuthFooterLink({ prompt, to, children }: AuthFooterLinkProps) {
  return (
    <p className="text-center text-sm text-muted">
      {prompt}{' '}
      <Link to={to} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
        {children}
      </Link>
    </p>
  );
}
