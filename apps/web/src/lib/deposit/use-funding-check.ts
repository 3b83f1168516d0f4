import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { currentUserKey } from '../current-user';
import { useAwaitingMoney } from '../live-updates';
import { toast } from '../toast';
import { fetchDepositStatus, pingDepositStatus, type PaymentDetails } from './deposit-api';
import { outcomeOfError, outcomeOfReply, type FundingOutcome } from './funding-outcome';
import { useCountdown } from './use-countdown';

/**
 * The funding status check of spec §4: when the countdown reaches zero, and when the customer
 * says "I have paid", the deposit's status is read and every outcome (completed, pending, an
 * error, not found) is told in a toast, the balance is refreshed and the customer goes home.
 *
 * When the page goes away (pagehide, or hidden while they switch to their banking app) the check
 * is sent with keepalive so it still reaches the server; coming back to the page checks quietly
 * and ends the screen only when the money has arrived — a customer still paying keeps the details.
 */
export function useFundingCheck(details: PaymentDetails | null, onFinished?: () => void) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // While the details are on screen the balance follows closely (decision 0033).
  useAwaitingMoney(details !== null);
  const [checking, setChecking] = useState(false);
  const inFlight = useRef(false);
  const finished = useRef(false);
  const mounted = useRef(true);
  const finishedRef = useRef(onFinished);
  useEffect(() => {
    finishedRef.current = onFinished;
  });
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const finish = useCallback(
    (outcome: FundingOutcome) => {
      finished.current = true;
      toast[outcome.tone](outcome.message, { event: outcome.event });
      void queryClient.invalidateQueries({ queryKey: currentUserKey });
      void queryClient.invalidateQueries({ queryKey: ['transactions'] });
      if (!mounted.current) return;
      finishedRef.current?.();
      navigate('/home', { replace: true });
    },
    [navigate, queryClient],
  );

  /** `quiet`: only a completed payment ends the screen; anything else is ignored. */
  const check = useCallback(
    async (quiet = false) => {
      if (!details || inFlight.current || finished.current) return;
      inFlight.current = true;
      if (!quiet) setChecking(true);
      let outcome: FundingOutcome;
      try {
        outcome = outcomeOfReply(await fetchDepositStatus(details));
      } catch (error) {
        outcome = outcomeOfError(error);
      } finally {
        inFlight.current = false;
        if (mounted.current) setChecking(false);
      }
      if (quiet && outcome.status !== 'completed') return;
      finish(outcome);
    },
    [details, finish],
  );

  // A permanent account never expires: no deadline, so no check at one.
  const secondsLeft = useCountdown(
    details && !details.permanent ? details.deadline : null,
    () => void check(),
  );

  useEffect(() => {
    if (!details) return;
    const onPageHide = () => {
      if (!finished.current) pingDepositStatus(details);
    };
    const onVisibility = () => {
      if (finished.current) return;
      if (document.visibilityState === 'hidden') pingDepositStatus(details);
      else void check(true);
    };
    window.addEventListener('pagehide', onPageHide);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [details, check]);

  return { secondsLeft, checking, check: () => void check() };
}
