/** The sandbox's money-in call (sandbox mode only; the server has no such route live). */
import { apiRequest } from '../api';

/** Plays the customer's bank transfer into their checkout; the PalmPay webhook credits it. */
export async function payCheckoutInSandbox(depositId: string): Promise<string> {
  const reply = await apiRequest<{ message: string }>(
    `/sandbox/deposits/${encodeURIComponent(depositId)}/pay`,
    { method: 'POST', body: {} },
  );
  return reply.message;
}
