import {
  BookOpenText,
  Boxes,
  Contact,
  FolderTree,
  History,
  Images,
  Inbox,
  Mail,
  MessageSquareQuote,
  Bell,
  Users,
  ArrowLeftRight,
  ScrollText,
  ReceiptText,
  Truck,
  type LucideIcon,
} from 'lucide-react';
import type { AdminScreenPath } from './screen-paths.ts';

/**
 * The admin screens in the sidebar's order (SPEC.md "Admin shell"): each opens in the content
 * area at /admin/{path}. `/admin/admin/...` is kept as an alias of the same screens.
 */
export interface AdminScreen {
  path: AdminScreenPath;
  label: string;
  /** What the screen is for, shown on the start page and in the screen's header. */
  description: string;
  icon: LucideIcon;
}

export const ADMIN_SCREENS: readonly AdminScreen[] = [
  {
    path: 'orders-history',
    label: 'Orders History',
    description: 'Paid orders, their carts and addresses, and their sync to Business Central.',
    icon: History,
  },
  {
    path: 'quotes',
    label: 'Quotes',
    description: "Labs' quote requests: set prices, freight and a validity date, then send them.",
    icon: ReceiptText,
  },
  {
    path: 'freight',
    label: 'Freight',
    description: 'Freight rates by US zone, a flat rate or by weight, charged on every order.',
    icon: Truck,
  },
  {
    path: 'contact',
    label: 'Contacts Data',
    description: 'The address, phone and e-mail shown on the contact page.',
    icon: Contact,
  },
  {
    path: 'gallery',
    label: 'Gallery',
    description: 'Pictures in the public gallery.',
    icon: Images,
  },
  {
    path: 'products',
    label: 'Products',
    description: 'The catalogue: products, prices, images and brochures.',
    icon: Boxes,
  },
  {
    path: 'categories',
    label: 'Categories',
    description: 'Product categories and their thumbnails.',
    icon: FolderTree,
  },
  {
    path: 'customers',
    label: 'Customers',
    description: 'Customers from Business Central.',
    icon: Users,
  },
  {
    path: 'notifications',
    label: 'Notifications',
    description: "Announcements in the storefront's notification bell.",
    icon: Bell,
  },
  {
    path: 'static',
    label: 'Text Pages',
    description: 'About, policies, FAQ, partners and support pages.',
    icon: BookOpenText,
  },
  {
    path: 'testimonials',
    label: 'Testimonials',
    description: "Customers' words on the home page.",
    icon: MessageSquareQuote,
  },
  {
    path: 'newsletter',
    label: 'Newsletter',
    description: 'Subscribers and newsletter sending.',
    icon: Mail,
  },
  {
    path: 'mail',
    label: 'Mail',
    description: 'Every e-mail the shop has sent or, without a mail server, kept for reading here.',
    icon: Inbox,
  },
  {
    path: 'erp-syncs',
    label: 'Sync History',
    description:
      'Every price sync and customer list refresh with Business Central, and its result.',
    icon: ArrowLeftRight,
  },
  {
    path: 'audit-log',
    label: 'Audit Log',
    description:
      'Every change made in the admin: who, when, what, and the values before and after.',
    icon: ScrollText,
  },
];

export function adminScreen(path: string): AdminScreen | undefined {
  return ADMIN_SCREENS.find((screen) => screen.path === path);
}
