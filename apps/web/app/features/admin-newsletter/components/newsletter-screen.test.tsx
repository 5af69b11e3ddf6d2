import {
  NEWSLETTER_MESSAGES,
  type NewsletterSendDto,
  type SubscriberDto,
  type SubscribersAnswer,
} from '@labshop/shared/schemas/newsletter';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAdminRoutes } from '../../admin/components/screen-test-support.tsx';
import { ConfirmProvider } from '../../admin/components/confirm-dialog.tsx';
import { installDialogStubs } from '../../admin/components/dialog-test-support.ts';
import { NewsletterScreen } from './newsletter-screen.tsx';
import { isBlankContent } from './send-form.tsx';
import { sendOutcomeLines } from './send-progress.tsx';

// TipTap needs a real browser: a textarea stands in for the editor (same props).
vi.mock('../../admin-content/components/rich-text-editor.tsx', () => ({
  default: ({ label, onChange }: { label: string; onChange: (html: string) => void }) => (
    <textarea aria-label={label} onChange={(event) => onChange(event.target.value)} />
  ),
}));

function subscriber(n: number, overrides: Partial<SubscriberDto> = {}): SubscriberDto {
  return {
    _id: `id-${n}`,
    displayName: `Reader ${n}`,
    email: `reader${n}@lab.example`,
    subscribed: true,
    createdAt: new Date(Date.UTC(2025, 0, n)).toISOString(),
    updatedAt: new Date(Date.UTC(2025, 0, n)).toISOString(),
    ...overrides,
  };
}

function send(overrides: Partial<NewsletterSendDto> = {}): NewsletterSendDto {
  return {
    id: 'send-1',
    subject: 'Spring news',
    status: 'queued',
    total: 3,
    sent: 0,
    failed: 0,
    skipped: 0,
    unknown: 0,
    remaining: 3,
    createdBy: 'admin@labshop.example',
    createdAt: new Date().toISOString(),
    finishedAt: null,
    failures: [],
    ...overrides,
  };
}

type Handler = (url: URL, init?: RequestInit) => Response | Promise<Response>;

let rows: SubscriberDto[];
let listAnswer: Handler;
let sendsAnswer: Handler;
let sendAnswer: Handler;
let routes: Record<string, Handler>;
let fetchMock: ReturnType<typeof vi.fn>;

const json = (body: unknown, status = 200) => Response.json(body, { status });
const failure = (error: string, status: number) => json({ error }, status);

beforeEach(() => {
  rows = [subscriber(3), subscriber(2, { subscribed: false }), subscriber(1)];
  listAnswer = () =>
    json({
      subscribers: rows,
      total: rows.length,
      subscribed: rows.filter((row) => row.subscribed).length,
    } satisfies SubscribersAnswer);
  sendsAnswer = () => json({ newsletters: [], total: 0 });
  sendAnswer = () => json(send({ status: 'sent', sent: 3, remaining: 0 }));
  routes = {};
  fetchMock = vi.fn(async (path: string, init?: RequestInit) => {
    const url = new URL(path, 'http://shop.test');
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    if (routes[key]) return routes[key](url, init);
    if (key === 'GET /api/newsletter-subscribers') return listAnswer(url, init);
    if (key === 'GET /api/newsletters') return sendsAnswer(url, init);
    if (key.startsWith('GET /api/newsletters/')) return sendAnswer(url, init);
    return failure('Not found', 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  restoreDialogs = installDialogStubs();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

let restoreDialogs: () => void;

afterEach(() => {
  cleanup();
  restoreDialogs();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderScreen(entry = '/admin/newsletter') {
  return renderAdminRoutes(
    [
      {
        path: '/admin/newsletter',
        element: (
          <ConfirmProvider>
            <NewsletterScreen />
          </ConfirmProvider>
        ),
      },
    ],
    entry,
  );
}

const table = () => screen.getByRole('table', { name: 'Subscribers' });
const row = (email: string) =>
  within(table())
    .getAllByRole('row')
    .find((tr) => tr.textContent?.includes(email))!;
/** The row's status (the Status column; phones show the same badge under the name). */
const status = (email: string) => row(email).querySelectorAll('td')[1]?.textContent;
const form = (name: string) => screen.getByRole('form', { name });
/** Answers the admin's confirm that asks `question` with the button `answer`. */
async function answerConfirm(question: string, answer: string) {
  const dialog = await screen.findByRole('alertdialog', { name: question });
  fireEvent.click(within(dialog).getByRole('button', { name: answer }));
}
const calls = (method: string, pathname: string) =>
  (fetchMock.mock.calls as [string, RequestInit | undefined][]).filter(
    ([path, init]) =>
      (init?.method ?? 'GET') === method && new URL(path, 'http://shop.test').pathname === pathname,
  );

describe('NewsletterScreen: the subscribers table', () => {
  it('lists the subscribers with their status, and the count', async () => {
    renderScreen();
    // What each number counts: the dashboard's is the subscribed one.
    expect(await screen.findByText('3 addresses (2 subscribed, 1 unsubscribed).')).toBeTruthy();
    expect(status('reader3@lab.example')).toBe('Subscribed');
    expect(status('reader2@lab.example')).toBe('Unsubscribed');
    expect(
      within(row('reader2@lab.example')).getByRole('button', {
        name: 'Subscribe reader2@lab.example',
      }),
    ).toBeTruthy();
    const [path] = calls('GET', '/api/newsletter-subscribers')[0] ?? [''];
    expect(new URL(path, 'http://shop.test').search).toBe('?page=1&limit=10');
  });

  it("says 'No subscribers found.' when there are none", async () => {
    rows = [];
    renderScreen();
    expect(await screen.findByText(NEWSLETTER_MESSAGES.empty)).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Subscribers' })).toBeNull();
  });

  it('searches on the server, keeps the search in the address, and exports the matches', async () => {
    const router = renderScreen('/admin/newsletter?page=2');
    await screen.findByText(/^3 addresses/);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search subscribers' }), {
      target: { value: 'Lab.Example' },
    });
    await waitFor(() => expect(router.state.location.search).toBe('?search=Lab.Example'));
    await waitFor(() =>
      expect(
        calls('GET', '/api/newsletter-subscribers').some(([path]) =>
          path.endsWith('?page=1&limit=10&search=Lab.Example'),
        ),
      ).toBe(true),
    );
    const link = screen.getByRole('link', { name: 'Export CSV' });
    expect(link.getAttribute('href')).toBe('/api/export-subscribers?search=Lab.Example');
    expect(link.getAttribute('download')).toBe('subscribers.csv');
  });

  it('pages through the list with the page in the address', async () => {
    rows = Array.from({ length: 10 }, (_, i) => subscriber(i + 1));
    listAnswer = (url) =>
      json({
        subscribers: url.searchParams.get('page') === '2' ? [subscriber(11)] : rows,
        total: 11,
        subscribed: 11,
      });
    const router = renderScreen();
    expect(
      await screen.findByText('11 addresses (11 subscribed, 0 unsubscribed), page 1 of 2.'),
    ).toBeTruthy();
    const pager = screen.getByRole('navigation', { name: 'Subscriber pages' });
    fireEvent.click(within(pager).getByRole('button', { name: /Next/ }));
    expect(
      await screen.findByText('11 addresses (11 subscribed, 0 unsubscribed), page 2 of 2.'),
    ).toBeTruthy();
    expect(router.state.location.search).toBe('?page=2');
    // The first page stays (dimmed) until the second arrives.
    await waitFor(() => expect(within(table()).getAllByRole('row')).toHaveLength(2));
    expect(row('reader11@lab.example')).toBeTruthy();
  });

  it('unsubscribes from the row: the row changes in place before the list is read again', async () => {
    renderScreen();
    await screen.findByText(/^3 addresses \(/);
    // The list's second reading is held back: what shows meanwhile is the in-place update.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    listAnswer = async () => {
      await held;
      return json({ subscribers: rows, total: rows.length });
    };
    routes['POST /api/unsubscribe'] = (_, init) => {
      expect(JSON.parse(init?.body as string)).toEqual({ email: 'reader3@lab.example' });
      rows = rows.map((r) => (r._id === 'id-3' ? { ...r, subscribed: false } : r));
      return json({
        message: NEWSLETTER_MESSAGES.unsubscribed('reader3@lab.example'),
        subscriber: rows[0],
      });
    };
    const before = within(table())
      .getAllByRole('row')
      .map((tr) => tr.textContent);

    fireEvent.click(screen.getByRole('button', { name: 'Unsubscribe reader3@lab.example' }));

    expect(await screen.findByText('Successfully unsubscribed reader3@lab.example')).toBeTruthy();
    expect(status('reader3@lab.example')).toBe('Unsubscribed');
    expect(
      within(row('reader3@lab.example')).getByRole('button', {
        name: 'Subscribe reader3@lab.example',
      }),
    ).toBeTruthy();
    // Same rows, same order: only that row's status and action changed.
    const after = within(table())
      .getAllByRole('row')
      .map((tr) => tr.textContent);
    expect(
      after.map((text) => text?.replace(/Subscribed|Unsubscribed|Subscribe|Unsubscribe/g, '')),
    ).toEqual(
      before.map((text) => text?.replace(/Subscribed|Unsubscribed|Subscribe|Unsubscribe/g, '')),
    );
    release();
  });

  it('subscribes an unsubscribed row again in place', async () => {
    routes['POST /api/subscribe'] = (_, init) => {
      expect(JSON.parse(init?.body as string)).toEqual({ email: 'reader2@lab.example' });
      rows = rows.map((r) => (r._id === 'id-2' ? { ...r, subscribed: true } : r));
      return json({
        message: NEWSLETTER_MESSAGES.subscribed('reader2@lab.example'),
        subscriber: rows[1],
      });
    };
    renderScreen();
    await screen.findByText(/^3 addresses \(/);
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe reader2@lab.example' }));
    expect(await screen.findByText('Successfully subscribed reader2@lab.example')).toBeTruthy();
    expect(status('reader2@lab.example')).toBe('Subscribed');
  });

  it("says 'Error subscribing {email}' and 'Error unsubscribing {email}' with the reason", async () => {
    routes['POST /api/subscribe'] = () =>
      failure(NEWSLETTER_MESSAGES.notFound('reader2@lab.example'), 404);
    routes['POST /api/unsubscribe'] = () => failure('Internal Server Error', 500);
    renderScreen();
    await screen.findByText(/^3 addresses \(/);

    fireEvent.click(screen.getByRole('button', { name: 'Subscribe reader2@lab.example' }));
    const alert = await screen.findByText('Error subscribing reader2@lab.example');
    expect(alert.closest('[role="alert"]')?.textContent).toContain(
      'reader2@lab.example is not on the list.',
    );
    // Nothing changed in the row.
    expect(status('reader2@lab.example')).toBe('Unsubscribed');

    fireEvent.click(screen.getByRole('button', { name: 'Unsubscribe reader1@lab.example' }));
    expect(await screen.findByText('Error unsubscribing reader1@lab.example')).toBeTruthy();
    expect(status('reader1@lab.example')).toBe('Subscribed');
  });
});

describe('NewsletterScreen: the unsubscribe and add-subscriber forms', () => {
  it('checks the address, unsubscribes it and updates its row', async () => {
    routes['POST /api/unsubscribe'] = () => {
      rows = rows.map((r) => (r._id === 'id-1' ? { ...r, subscribed: false } : r));
      return json({
        message: NEWSLETTER_MESSAGES.unsubscribed('reader1@lab.example'),
        subscriber: rows[2],
      });
    };
    renderScreen();
    await screen.findByText(/^3 addresses \(/);
    const unsubscribe = form('Unsubscribe an address');
    const email = within(unsubscribe).getByLabelText('Email');

    fireEvent.change(email, { target: { value: 'not-an-address' } });
    fireEvent.click(within(unsubscribe).getByRole('button', { name: 'Unsubscribe' }));
    expect(await within(unsubscribe).findByText(NEWSLETTER_MESSAGES.emailInvalid)).toBeTruthy();
    expect(calls('POST', '/api/unsubscribe')).toHaveLength(0);

    fireEvent.change(email, { target: { value: 'reader1@lab.example' } });
    fireEvent.click(within(unsubscribe).getByRole('button', { name: 'Unsubscribe' }));
    expect(
      await within(unsubscribe).findByText('Successfully unsubscribed reader1@lab.example'),
    ).toBeTruthy();
    expect(status('reader1@lab.example')).toBe('Unsubscribed');
  });

  it("says 'Error unsubscribing {email}' and the server's reason", async () => {
    routes['POST /api/unsubscribe'] = () =>
      failure(NEWSLETTER_MESSAGES.notFound('nobody@lab.example'), 404);
    renderScreen();
    const unsubscribe = form('Unsubscribe an address');
    fireEvent.change(within(unsubscribe).getByLabelText('Email'), {
      target: { value: 'nobody@lab.example' },
    });
    fireEvent.click(within(unsubscribe).getByRole('button', { name: 'Unsubscribe' }));
    const alert = within(unsubscribe).getByRole('alert');
    await waitFor(() =>
      expect(alert.textContent).toBe(
        'Error unsubscribing nobody@lab.example' + 'nobody@lab.example is not on the list.',
      ),
    );
  });

  it('requires a name and a valid email, adds the subscriber, and says so', async () => {
    routes['POST /api/add-subscriber'] = (_, init) => {
      const body = JSON.parse(init?.body as string) as { displayName: string; email: string };
      const added = subscriber(4, body);
      rows = [added, ...rows];
      return json({ message: NEWSLETTER_MESSAGES.added, subscriber: added }, 201);
    };
    renderScreen();
    await screen.findByText(/^3 addresses \(/);
    const add = form('Add a subscriber');
    fireEvent.click(within(add).getByRole('button', { name: 'Add Subscriber' }));
    expect(await within(add).findByText(NEWSLETTER_MESSAGES.displayNameRequired)).toBeTruthy();
    expect(within(add).getByText(NEWSLETTER_MESSAGES.emailRequired)).toBeTruthy();

    fireEvent.change(within(add).getByLabelText('Name'), { target: { value: 'New Reader' } });
    fireEvent.change(within(add).getByLabelText('Email'), {
      target: { value: 'new.reader@lab.example' },
    });
    fireEvent.click(within(add).getByRole('button', { name: 'Add Subscriber' }));
    expect(await within(add).findByText(NEWSLETTER_MESSAGES.added)).toBeTruthy();
    // The list is read again: the new row opens it.
    expect(await screen.findByText(/^4 addresses \(/)).toBeTruthy();
    expect(within(table()).getAllByRole('row')[1]?.textContent).toContain('new.reader@lab.example');
    expect((within(add).getByLabelText('Name') as HTMLInputElement).value).toBe('');
  });

  it('keeps a message only until the next action on the screen, or until its form is edited', async () => {
    routes['POST /api/add-subscriber'] = (_, init) => {
      const body = JSON.parse(init?.body as string) as { displayName: string; email: string };
      const added = subscriber(4, body);
      rows = [added, ...rows];
      return json({ message: NEWSLETTER_MESSAGES.added, subscriber: added }, 201);
    };
    routes['POST /api/unsubscribe'] = () =>
      json({
        message: NEWSLETTER_MESSAGES.unsubscribed('reader3@lab.example'),
        subscriber: { ...rows[1]!, subscribed: false },
      });
    renderScreen();
    await screen.findByText(/^3 addresses \(/);
    const add = form('Add a subscriber');
    const addOne = async (email: string) => {
      fireEvent.change(within(add).getByLabelText('Name'), { target: { value: 'New Reader' } });
      fireEvent.change(within(add).getByLabelText('Email'), { target: { value: email } });
      fireEvent.click(within(add).getByRole('button', { name: 'Add Subscriber' }));
      expect(await within(add).findByText(NEWSLETTER_MESSAGES.added)).toBeTruthy();
    };
    await addOne('one@lab.example');

    // Another action (a row's Unsubscribe): its message shows, the add form's goes.
    fireEvent.click(await screen.findByRole('button', { name: 'Unsubscribe reader3@lab.example' }));
    expect(await screen.findByText('Successfully unsubscribed reader3@lab.example')).toBeTruthy();
    expect(within(add).queryByText(NEWSLETTER_MESSAGES.added)).toBeNull();

    // Editing the form again ends its own message too.
    await addOne('two@lab.example');
    expect(screen.queryByText('Successfully unsubscribed reader3@lab.example')).toBeNull();
    fireEvent.input(within(add).getByLabelText('Name'), { target: { value: 'N' } });
    expect(within(add).queryByText(NEWSLETTER_MESSAGES.added)).toBeNull();
  }, 15_000);

  it("says 'Error adding subscriber' and the duplicate reason", async () => {
    routes['POST /api/add-subscriber'] = () =>
      failure(NEWSLETTER_MESSAGES.duplicate('reader1@lab.example'), 409);
    renderScreen();
    const add = form('Add a subscriber');
    fireEvent.change(within(add).getByLabelText('Name'), { target: { value: 'Again' } });
    fireEvent.change(within(add).getByLabelText('Email'), {
      target: { value: 'READER1@lab.example' },
    });
    fireEvent.click(within(add).getByRole('button', { name: 'Add Subscriber' }));
    const alert = within(add).getByRole('alert');
    await waitFor(() => expect(alert.textContent).toContain(NEWSLETTER_MESSAGES.addFailed));
    expect(alert.textContent).toContain('reader1@lab.example is already on the list.');
  });
});

describe('NewsletterScreen: sending', () => {
  it('requires a subject and content', async () => {
    renderScreen();
    const sendForm = form('Send a newsletter');
    fireEvent.click(within(sendForm).getByRole('button', { name: 'Send Newsletter' }));
    expect(await within(sendForm).findByText(NEWSLETTER_MESSAGES.subjectRequired)).toBeTruthy();
    expect(within(sendForm).getByText(NEWSLETTER_MESSAGES.contentRequired)).toBeTruthy();
    // An emptied editor still holds a paragraph: that is no content either.
    fireEvent.change(await screen.findByLabelText('Newsletter content'), {
      target: { value: '<p></p>' },
    });
    fireEvent.change(within(sendForm).getByLabelText('Subject'), { target: { value: 'Hi' } });
    fireEvent.click(within(sendForm).getByRole('button', { name: 'Send Newsletter' }));
    await waitFor(() =>
      expect(within(sendForm).queryByText(NEWSLETTER_MESSAGES.subjectRequired)).toBeNull(),
    );
    expect(within(sendForm).getByText(NEWSLETTER_MESSAGES.contentRequired)).toBeTruthy();
    expect(calls('POST', '/api/newsletter')).toHaveLength(0);
  });

  it("shows the server's message, then the progress until the outcome", async () => {
    let polls = 0;
    routes['POST /api/newsletter'] = (_, init) => {
      expect(JSON.parse(init?.body as string)).toEqual({
        subject: 'Spring news',
        content: '<p>New lathes</p>',
      });
      return json({ message: NEWSLETTER_MESSAGES.sendQueued(3), newsletter: send() }, 202);
    };
    sendAnswer = () => {
      polls += 1;
      return polls === 1
        ? json(send({ status: 'sending', sent: 1, remaining: 2 }))
        : json(
            send({
              status: 'sent',
              sent: 2,
              failed: 1,
              remaining: 0,
              failures: [{ email: 'bad@lab.example', error: '550 mailbox unavailable' }],
            }),
          );
    };
    renderScreen();
    const sendForm = form('Send a newsletter');
    fireEvent.change(within(sendForm).getByLabelText('Subject'), {
      target: { value: 'Spring news' },
    });
    fireEvent.change(await screen.findByLabelText('Newsletter content'), {
      target: { value: '<p>New lathes</p>' },
    });
    fireEvent.click(within(sendForm).getByRole('button', { name: 'Send Newsletter' }));
    await answerConfirm('Send “Spring news” to every subscribed address now?', 'Send');

    expect(await screen.findByText('The newsletter is being sent to 3 subscribers.')).toBeTruthy();
    const bar = await screen.findByRole('progressbar', { name: 'Progress of “Spring news”' });
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('33'));
    expect(screen.getByTestId('send-count').textContent).toBe('1 / 3 sent');

    // Polled again about a second later: finished, with the failure and its reason.
    expect(
      await screen.findByText('Sent to 2 of 3 subscribers.', {}, { timeout: 3000 }),
    ).toBeTruthy();
    expect(bar.getAttribute('aria-valuenow')).toBe('100');
    // The send has finished: the queued message is over; the outcome above says what happened.
    expect(screen.queryByText('The newsletter is being sent to 3 subscribers.')).toBeNull();
    expect(screen.getByText('1 failed.')).toBeTruthy();
    expect(screen.getByText(/550 mailbox unavailable/).textContent).toBe(
      'bad@lab.example: 550 mailbox unavailable',
    );
    const pollsAtEnd = polls;
    await new Promise((resolve) => setTimeout(resolve, 1300));
    expect(polls).toBe(pollsAtEnd);
    // The form is empty for the next newsletter.
    expect((within(sendForm).getByLabelText('Subject') as HTMLInputElement).value).toBe('');
  }, 10_000);

  it('previews the mail in a sandboxed frame and sends a test copy, sending no newsletter', async () => {
    routes['POST /api/newsletter/preview'] = (_, init) => {
      expect(JSON.parse(init?.body as string)).toEqual({
        subject: 'Spring news',
        content: '<p>New lathes</p>',
      });
      return json({
        subject: 'Spring news',
        html: '<!doctype html><p>New lathes</p><p>Unsubscribe</p>',
        text: 'New lathes',
      });
    };
    routes['POST /api/newsletter/test'] = () =>
      json({ message: NEWSLETTER_MESSAGES.testSent('admin@labshop.example') });
    renderScreen();
    const sendForm = form('Send a newsletter');
    // Like Send, both check the form first.
    fireEvent.click(within(sendForm).getByRole('button', { name: 'Preview' }));
    expect(await within(sendForm).findByText(NEWSLETTER_MESSAGES.subjectRequired)).toBeTruthy();
    expect(calls('POST', '/api/newsletter/preview')).toHaveLength(0);

    fireEvent.change(within(sendForm).getByLabelText('Subject'), {
      target: { value: 'Spring news' },
    });
    fireEvent.change(await screen.findByLabelText('Newsletter content'), {
      target: { value: '<p>New lathes</p>' },
    });
    fireEvent.click(within(sendForm).getByRole('button', { name: 'Preview' }));
    const frame = (await screen.findByTitle(
      'Preview of the newsletter “Spring news”',
    )) as HTMLIFrameElement;
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toContain('<p>New lathes</p><p>Unsubscribe</p>');

    fireEvent.click(within(sendForm).getByRole('button', { name: 'Send test to me' }));
    expect(
      await within(sendForm).findByText(
        NEWSLETTER_MESSAGES.testSent('admin@labshop.example'),
        {},
        { timeout: 4000 },
      ),
    ).toBeTruthy();
    expect(calls('POST', '/api/newsletter/test')).toHaveLength(1);
    expect(calls('POST', '/api/newsletter')).toHaveLength(0);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    // The form keeps what was written, for the real send.
    expect((within(sendForm).getByLabelText('Subject') as HTMLInputElement).value).toBe(
      'Spring news',
    );
  }, 15_000);

  it("says the server's refusal (no recipients)", async () => {
    routes['POST /api/newsletter'] = () => failure(NEWSLETTER_MESSAGES.noRecipients, 409);
    renderScreen();
    const sendForm = form('Send a newsletter');
    fireEvent.change(within(sendForm).getByLabelText('Subject'), { target: { value: 'Hi' } });
    fireEvent.change(await screen.findByLabelText('Newsletter content'), {
      target: { value: '<p>Hello</p>' },
    });
    fireEvent.click(within(sendForm).getByRole('button', { name: 'Send Newsletter' }));
    await answerConfirm('Send “Hi” to every subscribed address now?', 'Send');
    const alert = within(sendForm).getByRole('alert');
    await waitFor(() => expect(alert.textContent).toContain(NEWSLETTER_MESSAGES.noRecipients));
  });

  it('does not send when the admin cancels the question', async () => {
    renderScreen();
    const sendForm = form('Send a newsletter');
    fireEvent.change(within(sendForm).getByLabelText('Subject'), { target: { value: 'Hi' } });
    fireEvent.change(await screen.findByLabelText('Newsletter content'), {
      target: { value: '<p>Hello</p>' },
    });
    fireEvent.click(within(sendForm).getByRole('button', { name: 'Send Newsletter' }));
    await answerConfirm('Send “Hi” to every subscribed address now?', 'Cancel');
    expect(calls('POST', '/api/newsletter')).toHaveLength(0);
  });

  it('resumes the progress of a send still running when the screen opens', async () => {
    const running = send({
      id: 'send-9',
      subject: 'Autumn',
      status: 'sending',
      sent: 5,
      total: 10,
      remaining: 5,
    });
    sendsAnswer = () =>
      json({
        newsletters: [
          running,
          send({ id: 'send-8', subject: 'Summer', status: 'sent', sent: 3, remaining: 0 }),
        ],
        total: 2,
      });
    sendAnswer = (url) =>
      url.pathname.endsWith('/send-9') ? json(running) : failure('Newsletter not found.', 404);
    renderScreen();
    const bar = await screen.findByRole('progressbar', { name: 'Progress of “Autumn”' });
    expect(bar.getAttribute('aria-valuenow')).toBe('50');
    expect(screen.getByTestId('send-count').textContent).toBe('5 / 10 sent');
    const sends = screen.getByRole('table', { name: 'Recent sends' });
    expect(within(sends).getAllByRole('row')).toHaveLength(3);
    expect(within(sends).getByText('Sending')).toBeTruthy();
    expect(within(sends).getByText('Sent')).toBeTruthy();
  });
});

describe('helpers', () => {
  it('isBlankContent sees through empty paragraphs and spaces', () => {
    expect(isBlankContent('')).toBe(true);
    expect(isBlankContent('<p></p>')).toBe(true);
    expect(isBlankContent('<p>&nbsp; </p><p><br></p>')).toBe(true);
    expect(isBlankContent('<p>Hi</p>')).toBe(false);
    expect(isBlankContent('<p><img src="/a.png" alt=""></p>')).toBe(false);
  });

  it('sendOutcomeLines names each kind of recipient that is not zero', () => {
    expect(sendOutcomeLines(send({ status: 'sent', sent: 1, total: 1, remaining: 0 }))).toEqual([
      'Sent to 1 of 1 subscriber.',
    ]);
    expect(
      sendOutcomeLines(
        send({
          status: 'failed',
          total: 4,
          sent: 1,
          failed: 1,
          skipped: 1,
          unknown: 1,
          remaining: 0,
        }),
      ),
    ).toEqual([
      'The newsletter could not be sent to everyone: sent to 1 of 4 subscribers.',
      '1 failed.',
      '1 skipped: unsubscribed after the send was queued.',
      '1 unknown: the server stopped while handing them to the mail server; they are not sent twice.',
    ]);
  });
});
