/** Spec §8 Betting purchase / PIN: a server message about the PIN reads as a wrong PIN. */
export function isPinProblem(serverMessage: string | undefined): boolean {
  return serverMessage !== undefined && /pin|incorrect/i.test(serverMessage);
}
