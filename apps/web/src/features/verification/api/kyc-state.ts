/**
 * What /verification/initiate hands /verification/validate. It travels only in navigation state
 * (history.state of this tab): an identity number never goes into the URL, where it would reach
 * server logs and the browser history list, nor into storage that outlives the tab.
 */
import { IDENTITY_TYPES, type IdentityKind } from '@owo/shared/constants';

export interface ValidateState {
  identityId: string;
  type: IdentityKind;
  number: string;
  /** What the server says about where the code went (a masked phone or number), if anything. */
  numberHint: string;
}

export function readValidateState(state: unknown): ValidateState | null {
  if (typeof state !== 'object' || state === null) return null;
  const s = state as Record<string, unknown>;
  const type = s.type;
  if (
    typeof s.identityId !== 'string' ||
    !s.identityId ||
    typeof s.number !== 'string' ||
    !s.number ||
    !IDENTITY_TYPES.includes(type as IdentityKind)
  )
    return null;
  return {
    identityId: s.identityId,
    type: type as IdentityKind,
    number: s.number,
    numberHint: typeof s.numberHint === 'string' ? s.numberHint : '',
  };
}
