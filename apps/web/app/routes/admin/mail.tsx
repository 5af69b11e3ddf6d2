import { MailLog } from '../../features/admin-content/components/mail-log.tsx';
import { SITE } from '../../lib/site.ts';

export default function AdminMail() {
  return (
    <>
      <title>{`Mail | Admin | ${SITE.name}`}</title>
      <MailLog />
    </>
  );
}
