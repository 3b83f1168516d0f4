import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminUserMessages as m } from '@owo/shared/admin-user-messages';
import { BottomSheet } from '../../../../components/BottomSheet';
import { Button } from '../../../../components/Button';
import { messageOr } from '../../../../lib/api-errors';
import { toast } from '../../../../lib/toast';
import { adminUsersKey, setUserStatus } from '../api/admin-users-api';
import { ReasonField } from './ReasonField';

/** Suspend (the customer is signed out and cannot spend) or reactivate, with a reason. */
export function StatusSheet({
  userId,
  action,
  onClose,
}: {
  userId: string;
  action: 'suspend' | 'reactivate';
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (text: string) => setUserStatus(userId, action, text),
    onSuccess: (reply) => {
      toast.success(reply.message);
      void queryClient.invalidateQueries({ queryKey: adminUsersKey });
      onClose();
    },
    onError: (failure) => setError(messageOr(failure, 'Something went wrong')),
  });
  const suspend = action === 'suspend';
  return (
    <BottomSheet
      open
      onClose={onClose}
      title={suspend ? m.suspendTitle : m.reactivateTitle}
      description={suspend ? m.suspendText : m.reactivateText}
    >
      <form
        noValidate
        className="grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (!reason.trim()) return setError(m.reasonRequired);
          mutation.mutate(reason.trim());
        }}
      >
        <ReasonField
          value={reason}
          error={error}
          onChange={(text) => {
            setReason(text);
            setError(null);
          }}
        />
        <Button
          type="submit"
          loading={mutation.isPending}
          className={suspend ? 'bg-danger! text-white!' : ''}
        >
          {suspend ? m.suspend : m.reactivate}
        </Button>
      </form>
    </BottomSheet>
  );
}
