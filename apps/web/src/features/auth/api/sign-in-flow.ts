/**
 * What one sign-in screen hands to the next (e-mail, signup ticket, reset code). It travels in the
 * navigation state and is mirrored in sessionStorage so a reload mid-flow does not lose it.
 */
import { useLocation } from 'react-router';
import { readJson, removeItem, storageKeys, writeJson } from '../../../lib/storage';

export interface SignInFlow {
  email?: string;
  signupTicket?: string;
  otp?: string;
}

export function saveFlow(flow: SignInFlow): SignInFlow {
  const merged = { ...readJson<SignInFlow>(sessionStorage, storageKeys.signInFlow), ...flow };
  writeJson(sessionStorage, storageKeys.signInFlow, merged);
  return merged;
}

export function clearFlow(): void {
  removeItem(sessionStorage, storageKeys.signInFlow);
}

/** Navigation state first (it is what the previous screen just sent), then the stored copy. */
export function useFlow(): SignInFlow {
  const state = useLocation().state as SignInFlow | null;
  const stored = readJson<SignInFlow>(sessionStorage, storageKeys.signInFlow) ?? {};
  return { ...stored, ...(state ?? {}) };
}
