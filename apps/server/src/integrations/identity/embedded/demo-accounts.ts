import { timingSafeEqual } from 'node:crypto';
import { EMBEDDED_ADMIN_EMAIL } from '../../../config/index.ts';

/**
 * The embedded provider's accounts: one administrator and two partner dental labs. They exist
 * only while no OIDC_ISSUER is configured; README.md and the provider's login page list them.
 */
export interface DemoAccount {
  subject: string;
  email: string;
  password: string;
  name: string;
  description: string;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    subject: 'demo-admin',
    email: EMBEDDED_ADMIN_EMAIL,
    password: 'admin-demo',
    name: 'Shop Administrator',
    description: 'Administrator: the admin back office',
  },
  {
    subject: 'demo-partner-brightsmile',
    email: 'orders@brightsmile-lab.example',
    password: 'partner-demo',
    name: 'Bright Smile Dental Lab',
    description: 'Partner lab: wholesale prices',
  },
  {
    subject: 'demo-partner-northside',
    email: 'purchasing@northside-dental.example',
    password: 'partner-demo',
    name: 'Northside Dental Studio',
    description: 'Partner lab: wholesale prices',
  },
];

export function findDemoAccount(subject: string): DemoAccount | undefined {
  return DEMO_ACCOUNTS.find((account) => account.subject === subject);
}

/** The account with this e-mail and password, compared in constant time. */
export function authenticateDemoAccount(email: string, password: string): DemoAccount | undefined {
  const account = DEMO_ACCOUNTS.find((candidate) => candidate.email === email.trim().toLowerCase());
  if (!account) return undefined;
  const given = Buffer.from(password);
  const expected = Buffer.from(account.password);
  return given.length === expected.length && timingSafeEqual(given, expected) ? account : undefined;
}
