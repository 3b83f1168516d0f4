import { useState } from 'react';
import type { AdminTransactionDto } from '@owo/shared/api-types';
import { adminMessages as t } from '@owo/shared/admin-messages';
import { ScreenHeader } from '../../../components/ScreenHeader';
import { messageOr } from '../../../lib/api-errors';
import { toast } from '../../../lib/toast';
import { fetchAdminTransaction } from '../transactions/api/admin-transactions-api';
import { OrderActionsLayer } from '../transactions/components/OrderActionsLayer';
import { useOrderActions } from '../transactions/components/use-order-actions';
import { AlertsSection } from './components/AlertsSection';
import { OrdersSection } from './components/OrdersSection';

/**
 * Needs a decision (/admin/orders/pending): open orders no supplier answer settled within the
 * automatic requeries, and the operator alerts. Both end with an admin: nothing here is refunded
 * by itself, because a supplier that has not answered may still deliver.
 */
export function NeedsDecisionPage() {
  const [selected, setSelected] = useState<AdminTransactionDto | null>(null);
  const [opening, setOpening] = useState<string | null>(null);
  const actions = useOrderActions(setSelected);

  /** An alert names its order by id: load it (it may have moved on) and open the sheet. */
  const viewOrder = async (id: string) => {
    if (opening) return;
    setOpening(id);
    try {
      setSelected((await fetchAdminTransaction(id)).data);
    } catch (error) {
      toast.error(messageOr(error, t.alertOrderLoadFailed));
    } finally {
      setOpening(null);
    }
  };

  return (
    <main className="mx-auto min-h-dvh max-w-md overflow-x-clip bg-surface pb-10">
      <div className="sticky top-0 z-20 bg-surface/95 px-5 pt-[env(safe-area-inset-top)] backdrop-blur">
        <ScreenHeader title={t.needsDecisionTitle} backTo="/admin/dashboard" />
      </div>
      <div className="grid grid-cols-1 gap-8 px-5 pt-1">
        <OrdersSection onOpen={setSelected} />
        <AlertsSection opening={opening} onViewOrder={(id) => void viewOrder(id)} />
      </div>

      <OrderActionsLayer selected={selected} actions={actions} onClose={() => setSelected(null)} />
    </main>
  );
}
