import type { Vertical } from '@dastak/core/states';
import { lazy, Suspense } from 'react';

// Dialogs load when first opened: they carry maps and forms the list itself never needs.
const AssignRiderDialog = lazy(() =>
  import('../actions/assign-rider-dialog').then((m) => ({ default: m.AssignRiderDialog })),
);
const CancelOrderDialog = lazy(() =>
  import('../actions/cancel-order-dialog').then((m) => ({ default: m.CancelOrderDialog })),
);

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
      {dialog.kind === 'assign' ? (
        <AssignRiderDialog
          opened={dialog.opened}
          onClose={onClose}
          vertical={vertical}
          orderId={dialog.orderId}
        />
      ) : (
        <CancelOrderDialog
          opened={dialog.opened}
          onClose={onClose}
          vertical={vertical}
          orderId={dialog.orderId}
        />
      )}
    </Suspense>
  );
}
