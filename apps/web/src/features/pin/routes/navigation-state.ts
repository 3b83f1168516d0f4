/** What other screens pass to the PIN screens (spec: secondData and returnPath). */
export interface PinNavigationState {
  secondData?: 'data' | 'airtime' | 'utility';
  returnPath?: string;
}

/** Only same-app paths are followed, never another origin. */
export function safeReturnPath(path: unknown): string | null {
  return typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') ? path : null;
}
