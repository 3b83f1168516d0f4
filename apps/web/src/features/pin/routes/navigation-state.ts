/** What other screens pass to the PIN screens (spec: secondData and returnPath). */
export interface PinNavigationState {
  secondData?: 'data' | 'airtime' | 'utility';
  returnPath?: string;
  /** Came from a "Forgot PIN?" button: the e-mailed code is sent straight away (decision 0058). */
  forgotPin?: boolean;
}

/** Only same-app paths are followed, never another origin. */
export function safeReturnPath(path: unknown): string | null {
  return typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') ? path : null;
}
