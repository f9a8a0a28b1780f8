import { USER_TYPE_LABELS } from '@dastak/core/states';
import { Avatar, Group, Menu, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconLogout, IconSelector } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useLogoutMutation } from '../../features/auth/api/logout';
import { displayName } from '../../lib/session-user';
import { useSessionUser } from '../../lib/use-session';

function initials(fullName: string): string {
  return fullName
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
}

/** Full name, user type (spec §2.2), Sessions and Logout, which lands on '/'. */
export function ProfileMenu() {
  const user = useSessionUser();
  const logout = useLogoutMutation();
  const navigate = useNavigate();
  if (!user) return null;
  const typeLabel = USER_TYPE_LABELS[user.userType] ?? '';
  const fullName = displayName(user);

  // The session is gone once the mutation settles, whatever the server said; '/' then leads
  // a signed-out user on to /login.
  const signOut = () =>
    logout
      .mutateAsync()
      .catch(() => undefined)
      .finally(() => navigate('/', { replace: true }));

  return (
    <Menu position="right-end" offset={8} shadow="md" withArrow>
      <Menu.Target>
        {/* Named by its visible text (name and type), which is what a screen reader should say. */}
        <UnstyledButton w="100%" p={8} style={{ borderRadius: 'var(--mantine-radius-md)' }}>
          <Group gap="sm" wrap="nowrap">
            <Avatar color="brand" radius="xl" size={34} aria-hidden>
              {initials(fullName)}
            </Avatar>
            <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
              <Text size="sm" fw={600} truncate="end">
                {fullName}
              </Text>
              <Text size="xs" c="dimmed">
                {typeLabel}
              </Text>
            </Stack>
            <IconSelector size={16} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown miw={220}>
        <Stack gap={0} px="sm" py={6}>
          <Text size="sm" fw={600}>
            {fullName}
          </Text>
          <Text size="xs" c="dimmed">
            {typeLabel}
          </Text>
          <Text size="xs" c="dimmed" truncate="end">
            {user.email}
          </Text>
        </Stack>
        <Menu.Divider />
        <Menu.Item onClick={() => navigate('/sessions')}>Sessions</Menu.Item>
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={16} />}
          onClick={signOut}
          disabled={logout.isPending}
        >
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
