import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { developerWebhookMessages as texts } from '@owo/shared/developer-webhooks';
import { Button } from '../../../components/Button';
import { EmptyState } from '../../../components/EmptyState';
import { SendIcon } from '../../../components/icons';
import { ScreenLayout } from '../../../components/ScreenLayout';
import { Skeleton } from '../../../components/Skeleton';
import { messageOr } from '../../../lib/api-errors';
import { toast } from '../../../lib/toast';
import {
  listWebhookDeliveries,
  replayWebhookDelivery,
  webhookDeliveriesKey,
} from '../api/webhooks-api';
import { DeliveryRow } from '../components/DeliveryRow';

/** Profile → Developer → Webhook deliveries: every notice sent for the caller's API orders. */
export function WebhookDeliveriesPage() {
  const queryClient = useQueryClient();
  const deliveries = useInfiniteQuery({
    queryKey: webhookDeliveriesKey,
    queryFn: ({ pageParam }) => listWebhookDeliveries(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.pagination.page < last.pagination.pages ? last.pagination.page + 1 : undefined,
  });
  const replay = useMutation({
    mutationFn: replayWebhookDelivery,
    onSuccess: (reply) => {
      toast.success(reply.message);
      void queryClient.invalidateQueries({ queryKey: webhookDeliveriesKey });
    },
    onError: (error) => toast.error(messageOr(error, texts.replayFailed)),
  });

  const list = deliveries.data?.pages.flatMap((page) => page.data) ?? [];

  return (
    <ScreenLayout title={texts.title} backTo="/profile/developer">
      <div className="px-5 pt-2 pb-10">
        <p className="px-1 pb-4 text-sm text-muted">{texts.intro}</p>
        {deliveries.isPending ? (
          <div
            className="grid gap-4 rounded-3xl bg-white p-4 shadow-card"
            aria-label="Loading webhook deliveries"
          >
            {[0, 1, 2].map((i) => (
              <div key={i} className="grid gap-2">
                <Skeleton className="h-4 w-48" />
                <Skeleton className="h-3 w-32" />
              </div>
            ))}
          </div>
        ) : deliveries.isError ? (
          <div className="grid gap-3 rounded-3xl bg-white p-4 text-sm text-muted shadow-card">
            <p>{messageOr(deliveries.error, texts.loadFailed)}</p>
            <Button variant="outline" onClick={() => void deliveries.refetch()}>
              {texts.retry}
            </Button>
          </div>
        ) : list.length === 0 ? (
          <EmptyState icon={<SendIcon size={24} />} title={texts.emptyTitle} text={texts.empty} />
        ) : (
          <>
            <ul
              aria-label={texts.title}
              className="divide-y divide-line overflow-hidden rounded-3xl bg-white shadow-card"
            >
              {list.map((delivery) => (
                <DeliveryRow
                  key={delivery._id}
                  delivery={delivery}
                  replaying={replay.isPending && replay.variables === delivery._id}
                  onReplay={() => replay.mutate(delivery._id)}
                />
              ))}
            </ul>
            {deliveries.hasNextPage ? (
              <div className="mt-4">
                <Button
                  variant="outline"
                  loading={deliveries.isFetchingNextPage}
                  onClick={() => void deliveries.fetchNextPage()}
                >
                  {texts.loadMore}
                </Button>
              </div>
            ) : null}
          </>
        )}
      </div>
    </ScreenLayout>
  );
}
