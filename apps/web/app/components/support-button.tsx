import { Headset } from 'lucide-react';
import { Link } from 'react-router';
import { COOKIE_BANNER_HEIGHT_VARIABLE } from './cookie-banner.tsx';

/** Above the cookie banner while it shows; a transform, so its arrival shifts no layout. */
const ABOVE_COOKIE_BANNER = {
  translate: `0 calc(-1 * var(${COOKIE_BANNER_HEIGHT_VARIABLE}, 0px))`,
};

/** The floating Customer Support button: opens the contact page. */
export function SupportButton() {
  return (
    <Link
      to="/contact-us"
      style={ABOVE_COOKIE_BANNER}
      className="pointer-events-auto mb-3 mr-4 ml-auto flex items-center gap-2 rounded-full bg-accent-700 px-4 py-3 text-sm font-semibold text-white shadow-lg hover:bg-accent-600"
    >
      <Headset className="h-5 w-5" aria-hidden="true" />
      Customer Support
    </Link>
  );
}
