import { AppShell } from '@mantine/core';
import { Outlet } from 'react-router';
import { useRefreshSessionUser } from '../../features/auth/hooks/use-refresh-session-user';
import { CommandPalette } from '../../features/palette/command-palette';
import { SideNav } from './side-nav';

/** Staff chrome: a fixed side navigation and the page. Sized for 1366x768 and up. */
export function AppLayout() {
  useRefreshSessionUser();
  return (
    <AppShell navbar={{ width: 232, breakpoint: 0 }} padding={0}>
      <AppShell.Navbar>
        <SideNav />
      </AppShell.Navbar>
      <AppShell.Main bg="gray.0" mih="100vh">
        <Outlet />
      </AppShell.Main>
      <CommandPalette />
    </AppShell>
  );
}
