/**
 * Verification while typing: the meter or smart-card owner's name as soon as the number is
 * complete. Each number is asked once (cached 10 minutes) and the Summary reuses the answer, so
 * the look-up budget (10 per 10 minutes, apps/api/src/modules/lookups) is spent once per number,
 * not once per keystroke nor twice per purchase.
 */
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { cardNumberField, meterNumberField } from '@owo/shared/schemas/purchases';
import { queryClient } from '../../../lib/query-client';
import { verifyMeter, verifySmartcard } from './purchase-api';

/** Typing pauses this long before a complete number is checked. */
export const VERIFY_DEBOUNCE_MS = 700;
const CACHE_MS = 10 * 60 * 1000;

function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

type MeterInput = Parameters<typeof verifyMeter>[0];
type CardInput = Parameters<typeof verifySmartcard>[0];

const meterQuery = (input: MeterInput) => ({
  queryKey: ['verify', 'meter', input.serviceID, input.meterType, input.meterNumber],
  queryFn: () => verifyMeter(input),
  staleTime: CACHE_MS,
  gcTime: CACHE_MS,
  retry: false,
});

const cardQuery = (input: CardInput) => ({
  queryKey: ['verify', 'smartcard', input.cablename, input.cardNumber],
  queryFn: () => verifySmartcard(input),
  staleTime: CACHE_MS,
  gcTime: CACHE_MS,
  retry: false,
});

/** The Summary's check: the answer got while typing when there is one. */
export const verifyMeterOnce = (input: MeterInput) => queryClient.fetchQuery(meterQuery(input));
export const verifySmartcardOnce = (input: CardInput) => queryClient.fetchQuery(cardQuery(input));

/** The meter's owner once provider and a complete number have stayed put for a moment. */
export function useMeterOwner(input: MeterInput) {
  const complete = input.serviceID !== '' && meterNumberField.safeParse(input.meterNumber).success;
  const key = complete ? JSON.stringify(input) : '';
  const settledKey = useSettled(key, VERIFY_DEBOUNCE_MS);
  return useQuery({
    ...meterQuery(input),
    enabled: complete && settledKey === key,
  });
}

/** The smart card's owner once cable and a complete number have stayed put for a moment. */
export function useCardOwner(input: CardInput) {
  const complete = input.cablename !== '' && cardNumberField.safeParse(input.cardNumber).success;
  const key = complete ? JSON.stringify(input) : '';
  const settledKey = useSettled(key, VERIFY_DEBOUNCE_MS);
  return useQuery({
    ...cardQuery(input),
    enabled: complete && settledKey === key,
  });
}
