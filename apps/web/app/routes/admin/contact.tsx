import { ContactDataManagement } from '../../features/admin-content/components/contact-data-management.tsx';
import { SITE } from '../../lib/site.ts';

// Loaded on the client (TanStack Query) inside the server-rendered admin shell.
export default function AdminContactData() {
  return (
    <>
      <title>{`Contacts Data | Admin | ${SITE.name}`}</title>
      <ContactDataManagement />
    </>
  );
}
