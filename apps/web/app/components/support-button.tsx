import { Headset } from 'lucide-react';
import { Link } from 'react-router';

/** The floating Customer Support button: opens the contact page. */
export function SupportButton() {
  return (
    <Link
      to="/contact-us"
      className="pointer-events-auto mb-3 mr-4 ml-auto flex items-center gap-2 rounded-full bg-accent-700 px-4 py-3 text-sm font-semibold text-white shadow-lg hover:bg-accent-600"
    >
      <Headset className="h-5 w-5" aria-hidden="true" />
      Customer Support
    </Link>
  );
}
