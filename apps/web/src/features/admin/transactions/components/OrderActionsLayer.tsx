import type { AdminTransactionDto } from '@owo/shared/api-types';
import { AdminTransactionSheet } from './AdminTransactionSheet';
import { ReasonDialog } from './ReasonDialog';
import { TokenDialog } from './TokenDialog';
import type { useOrderActions } from './use-order-actions';

/**
 * The selected transaction's sheet with its Approve / Refund / Reverse buttons, the reason
 * dialog a Refund or Reverse asks for, and the token dialog an Approve of a prepaid meter
 * confirmed without its token asks for: what every admin list opens a row into.
 */
export function OrderActionsLayer({
  selected,
  actions,
  onClose,
}: {
  selected: AdminTransactionDto | null;
  actions: ReturnType<typeof useOrderActions>;
  onClose: () => void;
}) {
  return (
    <>
      <AdminTransactionSheet
        tx={selected}
        busy={actions.busy}
        onAction={actions.start}
        onClose={onClose}
      />
      {actions.asking ? (
        <ReasonDialog
          key={`${actions.asking.tx._id}-${actions.asking.action}`}
          action={actions.asking.action}
          busy={actions.busy !== null}
          onCancel={actions.cancel}
          onConfirm={actions.confirm}
        />
      ) : null}
      {actions.askingToken ? (
        <TokenDialog
          key={`${actions.askingToken._id}-token`}
          busy={actions.busy !== null}
          onCancel={actions.cancelToken}
          onConfirm={actions.confirmToken}
        />
      ) : null}
    </>
  );
}
