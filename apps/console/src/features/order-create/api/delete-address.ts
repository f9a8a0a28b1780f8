import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** DELETE /entity/customer_address/{id}/ (no order: the address leaves the customer's list). */
export const deleteAddress = (id: number) =>
  api.delete('/entity/customer_address/:id/', { params: { id } });

export const useDeleteAddressMutation = () => useMutation({ mutationFn: deleteAddress });
