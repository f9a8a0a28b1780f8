import { ERRORS } from '@dastak/core/messages';
import { IconLock } from '@tabler/icons-react';
import { MessagePage } from './message-page';

export function NoPermissionPage() {
  return (
    <MessagePage
      icon={<IconLock size={30} />}
      title="No permission"
      text={ERRORS.PERMISSION_DENIED}
    />
  );
}
