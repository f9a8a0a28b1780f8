import { useEffect } from 'react';
import { storeUser } from '../../../lib/session';
import { useSessionUser } from '../../../lib/use-session';
import { useMeQuery } from '../api/get-me';

/**
 * Re-reads the signed-in user once per visit so granted or revoked permissions show up without
 * logging out and in again.
 */
export function useRefreshSessionUser(): void {
  const user = useSessionUser();
  const me = useMeQuery(user?.id);
  useEffect(() => {
    if (me.data && JSON.stringify(me.data) !== JSON.stringify(user)) storeUser(me.data);
  }, [me.data, user]);
}
