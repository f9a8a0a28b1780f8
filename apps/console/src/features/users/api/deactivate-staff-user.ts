import type { StaffAccount } from '@dastak/core/entities/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { staffAccountKeys } from './get-staff-accounts';

/** POST /users/staff/{id}/deactivate/: the account stops, and every session of it ends at once. */
export function deactivateStaffUser(id: number): Promise<StaffAccount> {
  return api.post('/users/staff/:id/deactivate/', { params: { id }, body: {} });
}

export function useDeactivateStaffUserMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deactivateStaffUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffAccountKeys.all }),
  });
}
