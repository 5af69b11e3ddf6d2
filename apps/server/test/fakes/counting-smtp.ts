import { SMTPServer } from 'smtp-server';
import { freePort } from '../support/helper.ts';

/** A local SMTP server that counts the recipients it is offered and the mails it takes. */
export interface CountingSmtp {
  port: number;
  /** False: every recipient is refused with 451 (try again later), as a server in trouble. */
  accepting: boolean;
  /** RCPT TO commands per recipient address (lower case), refused ones included. */
  readonly rcptTries: Map<string, number>;
  /** Mails received per recipient address (lower case). */
  readonly received: Map<string, number>;
  /** Mails received in all (one per recipient of each). */
  total(): number;
  /** Called after each mail with the new total. */
  onReceived: ((total: number) => void) | undefined;
  /** Forgets what was received. */
  reset(): void;
  close(): Promise<void>;
}

export async function startCountingSmtp(): Promise<CountingSmtp> {
  const received = new Map<string, number>();
  const rcptTries = new Map<string, number>();
  let total = 0;
  const smtp: CountingSmtp = {
    port: await freePort(),
    accepting: true,
    rcptTries,
    received,
    total: () => total,
    onReceived: undefined,
    reset() {
      rcptTries.clear();
      received.clear();
      total = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const to = address.address.toLowerCase();
      rcptTries.set(to, (rcptTries.get(to) ?? 0) + 1);
      if (smtp.accepting) return callback();
      return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
    },
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        for (const rcpt of session.envelope.rcptTo) {
          const address = rcpt.address.toLowerCase();
          received.set(address, (received.get(address) ?? 0) + 1);
          total += 1;
        }
        smtp.onReceived?.(total);
        callback();
      });
    },
  });
  // A client that dies mid-conversation (the shop killed by a fault test) resets its connection;
  // the server reports that as an 'error' event, which would otherwise end the test process.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(smtp.port, '127.0.0.1', resolve));
  return smtp;
}
