import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** DELETE /entity/customer_address/{id}/ (no order: the address leaves the customer's list). */
export const deleteAddress = (id: number) =>
  api.delete<{ detail: string }>(`/entity/customer_address/${id}/`);

export const useDeleteAddressMutation = () => useMutation({ mutationFn: deleteAddress });
