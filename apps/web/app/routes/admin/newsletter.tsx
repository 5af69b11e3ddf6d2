import { NewsletterScreen } from '../../features/admin-newsletter/components/newsletter-screen.tsx';
import { SITE } from '../../lib/site.ts';

// Loaded on the client (TanStack Query) inside the server-rendered admin shell.
export default function AdminNewsletter() {
  return (
    <>
      <title>{`Newsletter | Admin | ${SITE.name}`}</title>
      <NewsletterScreen />
    </>
  );
}
