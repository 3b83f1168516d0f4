import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { adminMessages } from '@owo/shared/admin-messages';
import { toast } from '../../../../lib/toast';
import { planUpdateError, updatePlan, type PlanPatch } from '../api/products-api';
import { planKey, type AdminPlan } from './admin-plans';

/**
 * One plan change at a time (price or availability): the PATCH, its toast, and which plan is
 * being saved. Resolves true when the server accepted it.
 */
export function usePlanUpdate() {
  const client = useQueryClient();
  const [saving, setSaving] = useState<string | null>(null);

  const save = async (plan: AdminPlan, patch: PlanPatch): Promise<boolean> => {
    setSaving(planKey(plan));
    try {
      await updatePlan(client, plan.kind, plan._id, patch);
      toast.success(adminMessages.planUpdated);
      return true;
    } catch (error) {
      toast.error(planUpdateError(error, plan.kind, patch));
      return false;
    } finally {
      setSaving(null);
    }
  };

  return { save, saving };
}
