import type { Vertical } from '@dastak/core/states';
import { lazy, Suspense } from 'react';

// The action dialog loads when first opened: it carries maps and forms the list never needs.
const OrderActionDialog = lazy(() => import('../actions/order-action-dialog'));

export type RowDialog = { kind: 'assign' | 'cancel'; orderId: number; opened: boolean };

/** The Assign / Cancel dialog a row action opened; kept mounted while it animates closed. */
export function OrderRowDialogs({
  vertical,
  dialog,
  onClose,
}: {
  vertical: Vertical;
  dialog: RowDialog | null;
  onClose: () => void;
}) {
  if (!dialog) return null;
  return (
    <Suspense fallback={null}>
      <OrderActionDialog
        action={dialog.kind}
        target={{ vertical, orderId: dialog.orderId }}
        opened={dialog.opened}
        onClose={onClose}
      />
    </Suspense>
  );
}
