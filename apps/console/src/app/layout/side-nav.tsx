import { APP_VERSION } from '@dastak/core/constants';
import { hasPermission, PERMISSIONS, type PermissionName } from '@dastak/core/permissions';
import {
  Box,
  Divider,
  Menu,
  NavLink,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import {
  IconBug,
  IconBuildingCommunity,
  IconCalendarTime,
  IconChartBar,
  IconChevronRight,
  IconClipboardList,
  IconEye,
  IconFileDots,
  IconHelpCircle,
  IconLayoutDashboard,
  IconMotorbike,
  IconNotes,
  IconSelector,
  IconShieldQuestion,
  IconUserCheck,
  IconUsers,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { Link, useLocation } from 'react-router';
import { Logo } from '../../components/logo';
import { useSessionUser } from '../../lib/use-session';
import { type NavHrefs, useNavHrefs } from './nav-hrefs';
import { ProfileMenu } from './profile-menu';

type Icon = ComponentType<{ size?: number; stroke?: number }>;

/**
 * A key, drawn here in two strokes: Tabler's IconKey costs the shell more bytes than the orders
 * list's budget has room for (ADR 0066).
 */
const KeyIcon: Icon = ({ size = 24, stroke = 2 }) => (
  <svg
    width={size}
    height={size}
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={stroke}
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
  >
    <circle cx="8" cy="16" r="4" />
    <path d="M11 13l8-8m-3 3l2 2m-5 1l2 2" />
  </svg>
);
/** `match` is the path prefix that marks the item active; `href` may carry default filters. */
type NavTarget = { label: string; ariaLabel: string; href: string; match: string };
type NavEntry =
  | ({ kind: 'link'; icon: Icon; permission?: PermissionName } & NavTarget)
  | { kind: 'group'; label: string; icon: Icon; items: NavTarget[] };

function navSections(h: NavHrefs): NavEntry[][] {
  const target = (label: string, ariaLabel: string, href: string): NavTarget => ({
    label,
    ariaLabel,
    href,
    match: href.split('?')[0]!,
  });
  const link = (
    label: string,
    icon: Icon,
    href: string,
    permission?: PermissionName,
  ): NavEntry => ({
    kind: 'link',
    icon,
    permission,
    ...target(label, label, href),
  });
  return [
    [
      {
        kind: 'group',
        label: 'Dashboards',
        icon: IconLayoutDashboard,
        items: [
          target('Blood', 'Blood dashboard', '/blood/dashboard'),
          target('X-Ray', 'X-Ray dashboard', '/xray/dashboard'),
        ],
      },
      {
        kind: 'group',
        label: 'City Dashboards',
        icon: IconBuildingCommunity,
        items: [
          target('Blood', 'Blood city dashboard', '/blood/city/dashboard'),
          target('X-Ray', 'X-Ray city dashboard', '/xray/city/dashboard'),
        ],
      },
      {
        kind: 'group',
        label: 'Orders',
        icon: IconClipboardList,
        items: [
          target('Blood', 'Blood orders', h.bloodOrders),
          target('X-Ray', 'X-Ray orders', h.xrayOrders),
        ],
      },
      link('Riders', IconMotorbike, h.riders),
      link('Customers', IconUsers, h.customers),
      link('Shifts', IconCalendarTime, '/shifts', PERMISSIONS.CAN_VIEW_SHIFT_SCHEDULE),
      link('Attendance', IconUserCheck, h.attendance, PERMISSIONS.CAN_VIEW_RIDER_SHIFT),
      link('Unverified Orders', IconShieldQuestion, h.unverifiedOrders),
      link('Partial Orders', IconFileDots, h.partialOrders),
    ],
    [
      link(
        'Reporting Dashboard',
        IconChartBar,
        '/reporting-dashboard',
        PERMISSIONS.CAN_VIEW_REPORTS,
      ),
      link('Audit Trail', IconEye, '/audit-trail', PERMISSIONS.CAN_VIEW_AUDIT_TRAIL),
      // An icon the shell already carries (the profile menu's): a new one would put the orders
      // list over its 200 kB budget (ADR 0067).
      link('Webhooks', IconSelector, '/webhooks', PERMISSIONS.CAN_MANAGE_WEBHOOKS),
      link('API Keys', KeyIcon, '/api-keys', PERMISSIONS.CAN_MANAGE_API_KEYS),
      link('Issue Reporting', IconBug, '/issue-reporting'),
      link('Release Notes', IconNotes, '/release-notes'),
      link('FAQs', IconHelpCircle, '/faqs'),
    ],
  ];
}

const isActive = (pathname: string, match: string) =>
  pathname === match || pathname.startsWith(`${match}/`);

/** Groups open to the side on hover (spec §2.2), and on click so keyboards can reach them too. */
function NavGroupMenu({
  entry,
  pathname,
}: {
  entry: Extract<NavEntry, { kind: 'group' }>;
  pathname: string;
}) {
  const Icon = entry.icon;
  const active = entry.items.some((item) => isActive(pathname, item.match));
  return (
    <Menu
      trigger="click-hover"
      position="right-start"
      offset={6}
      openDelay={40}
      closeDelay={160}
      shadow="md"
    >
      <Menu.Target>
        <NavLink
          component="button"
          type="button"
          aria-label={entry.label}
          label={entry.label}
          active={active}
          leftSection={<Icon size={19} stroke={1.6} />}
          rightSection={<IconChevronRight size={14} />}
        />
      </Menu.Target>
      <Menu.Dropdown miw={180}>
        <Menu.Label>{entry.label}</Menu.Label>
        {entry.items.map((item) => (
          <Menu.Item
            key={item.ariaLabel}
            component={Link}
            to={item.href}
            aria-label={item.ariaLabel}
            fw={isActive(pathname, item.match) ? 600 : undefined}
          >
            {item.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

export function SideNav() {
  const { pathname } = useLocation();
  const user = useSessionUser();
  const sections = navSections(useNavHrefs());

  return (
    <Stack h="100%" gap={0} component="nav" aria-label="Main">
      <Box px="md" py="md">
        <UnstyledButton component={Link} to="/blood/dashboard" aria-label="Dastak home">
          <Logo />
        </UnstyledButton>
      </Box>
      <Divider />
      <ScrollArea style={{ flex: 1 }} px="xs" py="xs" type="scroll">
        {sections.map((entries, index) => (
          <Box key={entries[0]?.label}>
            {index > 0 && <Divider my="xs" />}
            {entries.map((entry) => {
              if (entry.kind === 'group') {
                return <NavGroupMenu key={entry.label} entry={entry} pathname={pathname} />;
              }
              if (entry.permission && !hasPermission(user, entry.permission)) return null;
              const Icon = entry.icon;
              return (
                <NavLink
                  key={entry.label}
                  component={Link}
                  to={entry.href}
                  aria-label={entry.ariaLabel}
                  label={entry.label}
                  active={isActive(pathname, entry.match)}
                  leftSection={<Icon size={19} stroke={1.6} />}
                />
              );
            })}
          </Box>
        ))}
      </ScrollArea>
      <Divider />
      <Box p="xs">
        <ProfileMenu />
        <Text size="xs" c="dimmed" ta="center" mt={4}>
          v{APP_VERSION}
        </Text>
      </Box>
    </Stack>
  );
}
