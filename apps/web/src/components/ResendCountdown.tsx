import { useEffect, useState } from 'react';

/** The server sends one code a minute; the link waits as long, so a tap is never refused. */
export const RESEND_WAIT_S = 60;

interface ResendCountdownProps {
  /** The link's words ("Resend OTP", "Resend code"). */
  label: string;
  /** Sends a new code; resolves true when it went out, which starts the wait again. */
  onResend: () => Promise<boolean>;
  /** Another action of the screen is running. */
  disabled?: boolean;
  seconds?: number;
}

/**
 * "Resend OTP in 0:59", counting down from when the screen opened (the code was just sent), then
 * the link itself. Re-read from the clock every tick, so a phone that slept shows the true time.
 */
export function ResendCountdown({
  label,
  onResend,
  disabled = false,
  seconds = RESEND_WAIT_S,
}: ResendCountdownProps) {
  const [until, setUntil] = useState(() => Date.now() + seconds * 1000);
  const [left, setLeft] = useState(seconds);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    const tick = () => setLeft(Math.max(0, Math.ceil((until - Date.now()) / 1000)));
    tick();
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [until]);

  const resend = async () => {
    setSending(true);
    try {
      if (await onResend()) setUntil(Date.now() + seconds * 1000);
    } finally {
      setSending(false);
    }
  };

  if (left > 0) {
    return (
      <span className="inline-flex min-h-11 items-center font-semibold text-muted" role="timer">
        {label} in{' '}
        <span className="ml-1 amount">
          {Math.floor(left / 60)}:{String(left % 60).padStart(2, '0')}
        </span>
      </span>
    );
  }
  return (
    <button
      type="button"
      onClick={() => void resend()}
      disabled={sending || disabled}
      className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline-offset-4 hover:underline disabled:opacity-50"
    >
      {label}
    </button>
  );
}
