import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminUserMessages as m } from '@owo/shared/admin-user-messages';
import { ROLES, type Role } from '@owo/shared/constants';
import { BottomSheet } from '../../../../components/BottomSheet';
import { Button } from '../../../../components/Button';
import { CheckIcon } from '../../../../components/icons';
import { messageOr } from '../../../../lib/api-errors';
import { toast } from '../../../../lib/toast';
import { adminUsersKey, setUserRole } from '../api/admin-users-api';

/** Every role the shared list holds; what each may do is the server's to enforce. */
export function RoleSheet({
  userId,
  current,
  onClose,
}: {
  userId: string;
  current: Role;
  onClose: () => void;
}) {
  const [role, setRole] = useState<Role>(current);
  const [error, setError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: () => setUserRole(userId, role),
    onSuccess: (reply) => {
      toast.success(reply.message);
      void queryClient.invalidateQueries({ queryKey: adminUsersKey });
      onClose();
    },
    onError: (failure) => setError(messageOr(failure, 'Something went wrong')),
  });
  return (
    <BottomSheet open onClose={onClose} title={m.roleTitle}>
      <div role="radiogroup" aria-label={m.roleTitle} className="grid gap-2">
        {ROLES.map((r) => (
          <button
            key={r}
            type="button"
            role="radio"
            aria-checked={role === r}
            onClick={() => {
              setRole(r);
              setError(null);
            }}
            className={`flex min-h-13 items-center justify-between rounded-2xl border px-4 text-left font-medium ${
              role === r ? 'border-brand-500 bg-brand-50 text-brand-800' : 'border-line text-ink'
            }`}
          >
            {m.roleNames[r] ?? r}
            {role === r ? <CheckIcon size={18} /> : null}
          </button>
        ))}
      </div>
      {error ? (
        <p role="alert" className="mt-3 rounded-2xl bg-red-50 px-3 py-2 text-sm text-danger">
          {error}
        </p>
      ) : null}
      <Button
        className="mt-4"
        loading={mutation.isPending}
        disabled={role === current}
        onClick={() => mutation.mutate()}
      >
        {m.saveRole}
      </Button>
    </BottomSheet>
  );
}
