import type { Vertical } from '@dastak/core/states';
import { useParams } from 'react-router';
import { OrderCreatePage } from '../../features/order-create/components/order-create-page';

/** Lazily loaded by the router; /blood/orders/create/:id? converts partial order {id}. */
export default function OrderCreateRoute({ vertical }: { vertical: Vertical }) {
  const { id } = useParams();
  const partialOrderId = id && /^\d+$/.test(id) ? Number(id) : null;
  // A new key per target: moving from one partial order to another starts a fresh form.
  return (
    <OrderCreatePage
      key={`${vertical}-${partialOrderId ?? 'new'}`}
      vertical={vertical}
      partialOrderId={partialOrderId}
    />
  );
}
