import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { KycReviewDto, KycReviewListReply } from '@owo/shared/api-types';
import { apiRequest } from '../../../lib/api';

export const kycReviewsKey = ['admin', 'kyc-reviews'] as const;

export function useKycReviews() {
  return useQuery({
    queryKey: kycReviewsKey,
    queryFn: ({ signal }) => apiRequest<KycReviewListReply>('/admin/kyc-reviews', { signal }),
  });
}

/** Approve or reject one review (admins only; the server checks the role). */
export async function decideReview(
  client: QueryClient,
  id: string,
  action: 'approve' | 'reject',
  reason: string,
) {
  const reply = await apiRequest<{ success: true; message: string; data: KycReviewDto }>(
    `/admin/kyc-reviews/${id}/${action}`,
    { method: 'POST', body: { reason } },
  );
  await client.invalidateQueries({ queryKey: kycReviewsKey });
  return reply;
}
