import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/**
 * A local stand-in for Google reCAPTCHA v3 (docs/EXTERNAL-APIS.md section 3): `POST
 * /recaptcha/api/siteverify` (form-encoded secret, response, remoteip) and a stub
 * `GET /recaptcha/api.js` whose `grecaptcha.execute(siteKey, {action})` resolves to a token
 * `fake:<action>:<score>:<nonce>`. siteverify decodes such a token and answers with every field
 * Google sends: success, score, action, challenge_ts, hostname, error-codes. A token verifies
 * once (`timeout-or-duplicate` after), a wrong secret is `invalid-input-secret`.
 * `setMode` makes it answer 500 or never answer.
 */
export interface FakeRecaptcha {
  /** http://127.0.0.1:<port> */
  origin: string;
  /** RECAPTCHA_VERIFY_URL */
  verifyUrl: string;
  /** RECAPTCHA_SCRIPT_URL */
  scriptUrl: string;
  /** The hostname siteverify reports for every token (the site the token was made on). */
  hostname: string;
  /** The score the stub script puts into the tokens it makes. */
  browserScore: number;
  /** Every siteverify call, in order. */
  verifications: { secret: string | null; response: string | null; remoteip: string | null }[];
  setMode(mode: FakeRecaptchaMode): void;
  close(): Promise<void>;
}

export type FakeRecaptchaMode = 'ok' | 'error' | 'hang';

/** A token as the stub script makes them. */
export function fakeCaptchaToken(action: string, score: number): string {
  return `fake:${action}:${score}:${Math.random().toString(36).slice(2)}`;
}

export async function startFakeRecaptcha(options: {
  secret: string;
  hostname: string;
}): Promise<FakeRecaptcha> {
  const used = new Set<string>();
  let mode: FakeRecaptchaMode = 'ok';
  const hanging = new Set<ServerResponse>();

  const state = {
    hostname: options.hostname,
    browserScore: 0.9,
    verifications: [] as FakeRecaptcha['verifications'],
  };

  const json = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    response.end(JSON.stringify(body));
  };

  const siteverify = async (request: IncomingMessage, response: ServerResponse) => {
    const form = new URLSearchParams(await readBody(request));
    const secret = form.get('secret');
    const token = form.get('response');
    state.verifications.push({ secret, response: token, remoteip: form.get('remoteip') });
    if (mode === 'hang') {
      hanging.add(response);
      return;
    }
    if (mode === 'error') return json(response, 500, { error: 'internal' });
    const refuse = (...codes: string[]) =>
      json(response, 200, { success: false, 'error-codes': codes });
    if (!secret) return refuse('missing-input-secret');
    if (secret !== options.secret) return refuse('invalid-input-secret');
    if (!token) return refuse('missing-input-response');
    const match = /^fake:([A-Za-z0-9/_]+):([01](?:\.\d+)?)(?::[\w-]*)?$/.exec(token);
    if (!match) return refuse('invalid-input-response');
    if (used.has(token)) return refuse('timeout-or-duplicate');
    used.add(token);
    json(response, 200, {
      success: true,
      score: Number(match[2]),
      action: match[1],
      challenge_ts: new Date().toISOString(),
      hostname: state.hostname,
    });
  };

  const script = (response: ServerResponse) => {
    response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' });
    response.end(`(function () {
  var score = ${JSON.stringify(state.browserScore)};
  window.grecaptcha = {
    ready: function (callback) { setTimeout(callback, 0); },
    execute: function (siteKey, options) {
      var action = (options && options.action) || 'default';
      return Promise.resolve('fake:' + action + ':' + score + ':' + Math.random().toString(36).slice(2));
    },
  };
})();
`);
  };

  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    if (request.method === 'POST' && url.pathname === '/recaptcha/api/siteverify') {
      void siteverify(request, response);
    } else if (request.method === 'GET' && url.pathname === '/recaptcha/api.js') {
      script(response);
    } else {
      json(response, 404, { error: 'not found' });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const origin = `http://127.0.0.1:${port}`;

  return {
    origin,
    verifyUrl: `${origin}/recaptcha/api/siteverify`,
    scriptUrl: `${origin}/recaptcha/api.js`,
    get hostname() {
      return state.hostname;
    },
    set hostname(value: string) {
      state.hostname = value;
    },
    get browserScore() {
      return state.browserScore;
    },
    set browserScore(value: number) {
      state.browserScore = value;
    },
    verifications: state.verifications,
    setMode(next) {
      mode = next;
      if (next !== 'hang') {
        for (const response of hanging) response.destroy();
        hanging.clear();
      }
    },
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
