import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { isAdmin, useSession } from '../../../../lib/session-store';
import { adminMessages } from '@owo/shared/admin-messages';
import { alertMessages } from '@owo/shared/alert-messages';
import { adminUserMessages } from '@owo/shared/admin-user-messages';
import { adjustmentMessages } from '@owo/shared/adjustment-messages';
import {
  BellIcon,
  CheckIcon,
  ChevronRightIcon,
  ShieldIcon,
  SwapIcon,
  TrophyIcon,
} from '../../../../components/icons';
import { ListIcon, SlidersIcon, UsersIcon } from '../../shared/admin-icons';
import { WalletIcon } from '../../../../components/more-icons';

/** adminOnly: a screen for changing things, which read-only support staff do not see. */
const links: { to: string; label: string; icon: ReactNode; adminOnly?: true }[] = [
  { to: '/admin/users', label: adminUserMessages.usersLink, icon: <UsersIcon size={20} /> },
  { to: '/admin/approvals', label: adjustmentMessages.link, icon: <CheckIcon size={20} /> },
  { to: '/admin/kyc-reviews', label: 'KYC reviews', icon: <ShieldIcon size={20} /> },
  {
    to: '/admin/services',
    label: adminMessages.manageServices,
    icon: <SlidersIcon size={20} />,
    adminOnly: true,
  },
  {
    to: '/admin/airtime-to-cash',
    label: adminMessages.airtimeToCash,
    icon: <SwapIcon size={20} />,
  },
  { to: '/admin/betting-stats', label: adminMessages.bettingStats, icon: <TrophyIcon size={20} /> },
  { to: '/admin/transaction', label: adminMessages.transactionsLink, icon: <ListIcon size={20} /> },
  { to: '/admin/audit', label: adminMessages.auditLog, icon: <ShieldIcon size={20} /> },
  { to: '/admin/alerts', label: alertMessages.title, icon: <BellIcon size={20} /> },
  { to: '/admin/suppliers', label: 'Suppliers', icon: <WalletIcon size={20} /> },
];

/** The other admin screens. */
export function AdminLinks() {
  const admin = useSession((s) => isAdmin(s.user));
  return (
    <nav aria-label="Admin" className="rounded-3xl bg-white p-2 shadow-card">
      <ul className="divide-y divide-line">
        {links
          .filter((link) => admin || !link.adminOnly)
          .map((link) => (
            <li key={link.to}>
              <Link
                to={link.to}
                className="flex min-h-13 items-center gap-3 rounded-2xl px-3 py-2 text-sm font-medium hover:bg-surface active:bg-brand-50"
              >
                <span className="grid size-9 place-items-center rounded-xl bg-brand-50 text-brand-700">
                  {link.icon}
                </span>
                <span className="flex-1">{link.label}</span>
                <ChevronRightIcon size={18} className="text-muted" />
              </Link>
            </li>
          ))}
      </ul>
    </nav>
  );
}
