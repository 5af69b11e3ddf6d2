import { isIPv6 } from 'node:net';

/** The client an IP counts as: IPv4 as is, IPv4-mapped IPv6 as IPv4, other IPv6 by /56. */
export function clientOfIp(ip: string): string {
  const address = ip.trim().toLowerCase();
  if (!isIPv6(address)) return address;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped?.[1]) return mapped[1];
  const [head = '', tail = ''] = address.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  // An embedded IPv4 tail (a.b.c.d) is two groups; it is past /56 either way.
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = address.includes('::')
    ? [...headGroups, ...Array<string>(Math.max(0, missing)).fill('0'), ...tailGroups]
    : headGroups;
  const hex = groups
    .slice(0, 4)
    .map((group) => (group.includes('.') ? '0' : group).padStart(4, '0'));
  // 56 bits: three groups and the high byte of the fourth.
  return `${hex.slice(0, 3).join(':')}:${(hex[3] ?? '0000').slice(0, 2)}00::/56`;
}
