import type { ReactNode, SVGProps } from 'react';

/**
 * The few icons the shop and product pages draw before they are interactive, inline: the
 * lucide-react runtime they would otherwise pull in costs more than the icons themselves, and
 * those pages have little room under the 120 KB JavaScript budget. Same drawings as lucide's
 * (ISC licence), same attributes, so they look the same as the icons elsewhere.
 */
type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'>;

function PageIcon({ children, ...props }: IconProps & { children: ReactNode }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={24}
      height={24}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      {...props}
    >
      {children}
    </svg>
  );
}

export const XIcon = (props: IconProps) => (
  <PageIcon {...props}>
    <path d="M18 6 6 18" />
    <path d="m6 6 12 12" />
  </PageIcon>
);

export const ChevronRightIcon = (props: IconProps) => (
  <PageIcon {...props}>
    <path d="m9 18 6-6-6-6" />
  </PageIcon>
);

export const FileDownIcon = (props: IconProps) => (
  <PageIcon {...props}>
    <path d="M6 22a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h8a2.4 2.4 0 0 1 1.704.706l3.588 3.588A2.4 2.4 0 0 1 20 8v12a2 2 0 0 1-2 2z" />
    <path d="M14 2v5a1 1 0 0 0 1 1h5" />
    <path d="M12 18v-6" />
    <path d="m9 15 3 3 3-3" />
  </PageIcon>
);

export const FlagIcon = (props: IconProps) => (
  <PageIcon {...props}>
    <path d="M4 22V4a1 1 0 0 1 .4-.8A6 6 0 0 1 8 2c3 0 5 2 7.333 2q2 0 3.067-.8A1 1 0 0 1 20 4v10a1 1 0 0 1-.4.8A6 6 0 0 1 16 16c-3 0-5-2-8-2a6 6 0 0 0-4 1.528" />
  </PageIcon>
);

export const CircleAlertIcon = (props: IconProps) => (
  <PageIcon {...props}>
    <circle cx="12" cy="12" r="10" />
    <line x1="12" x2="12" y1="8" y2="12" />
    <line x1="12" x2="12.01" y1="16" y2="16" />
  </PageIcon>
);

export const CheckIcon = (props: IconProps) => (
  <PageIcon {...props}>
    <path d="M20 6 9 17l-5-5" />
  </PageIcon>
);

export const ShoppingCartIcon = (props: IconProps) => (
  <PageIcon {...props}>
    <path d="m2.05 2.05 1.099-.028a1 1 0 0 1 1.008.815l2.69 14.347A1 1 0 0 0 7.83 18H18" />
    <path d="M4.563 5h16.435a1 1 0 0 1 .981 1.204l-1.026 6.226A2 2 0 0 1 18.962 14H6.25" />
    <circle cx="18" cy="20" r="2" />
    <circle cx="8" cy="20" r="2" />
  </PageIcon>
);
