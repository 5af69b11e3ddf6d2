import type { MailLogMessageDto } from '@labshop/shared/schemas/content';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MailContent } from './mail-log.tsx';

afterEach(cleanup);

const mail: MailLogMessageDto = {
  _id: 'm1',
  from: 'labshop <no-reply@labshop.example>',
  to: 'sales@labshop.example',
  subject: 'Contact form: Sales from Ann',
  status: 'kept',
  transport: 'database',
  createdAt: '2026-01-02T10:00:00.000Z',
  sentAt: null,
  error: null,
  relatedTo: 'contact:1',
  textBody: 'Name: Ann\n\n<img src=x onerror="window.__ran=1"> please call',
  htmlBody: '<p>Hello</p><script>window.__ran = 1</script><img src=x onerror="window.__ran=1">',
};

describe('MailContent', () => {
  it('shows the text body as text, never as markup', () => {
    const { container } = render(<MailContent mail={mail} />);
    const pre = container.querySelector('pre');
    expect(pre?.textContent).toBe(mail.textBody);
    expect(container.querySelector('img, script')).toBeNull();
    expect(screen.getByText('sales@labshop.example')).toBeTruthy();
  });

  it('shows the HTML body only in a sandboxed frame', () => {
    const { container } = render(<MailContent mail={mail} />);
    fireEvent.click(screen.getByRole('button', { name: 'HTML' }));
    const frame = screen.getByTitle('The mail as HTML');
    expect(frame.tagName).toBe('IFRAME');
    // An empty sandbox: no scripts, no forms, no navigation, an opaque origin.
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toBe(mail.htmlBody);
    expect(container.querySelector('script, img')).toBeNull();
  });

  it('offers no HTML view for a mail without an HTML body', () => {
    render(<MailContent mail={{ ...mail, htmlBody: null }} />);
    expect(screen.queryByRole('button', { name: 'HTML' })).toBeNull();
  });
});
