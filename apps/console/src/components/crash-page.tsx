import { ERRORS } from '@dastak/core/messages';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { MessagePage } from './message-page';

/** Route error boundary: a render crash shows the generic message instead of a blank screen. */
export function CrashPage() {
  const error = useRouteError();
  useEffect(() => console.error('[console] route crashed', error), [error]);
  return (
    <MessagePage
      icon={<IconAlertTriangle size={30} />}
      title={ERRORS.GENERIC}
      text="This page failed to load. Reloading usually helps; if it does not, tell the tech team what you were doing."
      action={{ label: 'Back to the dashboard', to: '/blood/dashboard' }}
    />
  );
}
