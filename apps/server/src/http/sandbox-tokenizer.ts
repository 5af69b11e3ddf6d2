import { createHash } from 'node:crypto';
import { SANDBOX_TEST_CARDS } from '@labshop/shared/schemas/checkout';
import type { FastifyInstance } from 'fastify';
import { SANDBOX_TOKENIZER_PATH } from '../integrations/payments/sandbox.ts';
import { escapeHtml } from '../core/html-text.ts';

export interface SandboxTokenizerOptions {
  /** The only origin the page posts its tokens to: the shop's own (PUBLIC_URL's). */
  siteOrigin: string;
}

export interface SandboxTokenizerPage {
  html: string;
  /** The page's own policy: nothing but its one inline script and style, framed only by us. */
  contentSecurityPolicy: string;
}

const STYLE = `
*{box-sizing:border-box}
html,body{margin:0;background:transparent}
body{font:16px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:#1f2328;padding:2px}
form{margin:0}
.field{display:flex;flex-direction:column;min-width:0;margin-bottom:4px}
.row{display:flex;gap:12px}
.row .field{flex:1 1 0}
label{font-size:14px;font-weight:600;margin-bottom:4px}
input{font:inherit;width:100%;padding:8px 10px;border:1px solid #8c959f;border-radius:6px;background:#fff;color:inherit}
input::placeholder{color:#6e7781}
input:focus{outline:2px solid #0969da;outline-offset:1px;border-color:#0969da}
input.error{border-color:#cf222e}
input.error:focus{outline-color:#cf222e}
.message{min-height:1.3em;font-size:13px;color:#cf222e;margin-top:2px}
.note{margin:2px 0 0;font-size:12px;color:#57606a}
`;

/**
 * The frame's behaviour, as CardPointe's hosted tokenizer: number shown in groups of four, Luhn
 * check, expiry MM/YY and CVV inside the frame. Once all three are complete and valid it posts
 * JSON.stringify({message: token, expiry: 'MMYY'}) to the shop's page; an invalid entry posts
 * {message: '', validationError}; a field made incomplete again posts {message: ''} so the page
 * drops a token it holds. The token is the sandbox's (card-numbers.ts sandboxToken).
 */
const script = (parentOrigin: string) => `(function () {
  'use strict';
  var PARENT_ORIGIN = ${JSON.stringify(parentOrigin).replace(/</g, '\\u003c')};
  var MESSAGES = { number: 'Invalid card number', expiry: 'Invalid expiry date', cvv: 'Invalid CVV' };
  var fields = {
    number: document.getElementById('ccnumber'),
    expiry: document.getElementById('ccexpiry'),
    cvv: document.getElementById('cccvv')
  };
  var lastPosted = '';
  var lastError = '';

  function digits(value) { return value.replace(/\\D/g, ''); }

  function luhn(value) {
    var sum = 0;
    for (var i = 0; i < value.length; i += 1) {
      var digit = Number(value.charAt(value.length - 1 - i));
      if (i % 2 === 1) { digit *= 2; if (digit > 9) digit -= 9; }
      sum += digit;
    }
    return sum % 10 === 0;
  }

  /** 'empty', 'incomplete', 'invalid' or 'valid' for each field. */
  var checks = {
    number: function (value) {
      var d = digits(value);
      if (!d) return 'empty';
      if (d.length < (/^3[47]/.test(d) ? 15 : 16)) return 'incomplete';
      return d.length <= 19 && luhn(d) ? 'valid' : 'invalid';
    },
    expiry: function (value) {
      var d = digits(value);
      if (!d) return 'empty';
      if (d.length < 4) return 'incomplete';
      var month = Number(d.slice(0, 2));
      var year = 2000 + Number(d.slice(2, 4));
      var now = new Date();
      if (month < 1 || month > 12) return 'invalid';
      if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1)) {
        return 'invalid';
      }
      return 'valid';
    },
    cvv: function (value) {
      var d = digits(value);
      if (!d) return 'empty';
      return d.length < 3 ? 'incomplete' : 'valid';
    }
  };

  var formats = {
    number: function (d) { return d.slice(0, 19).replace(/(\\d{4})(?=\\d)/g, '$1 '); },
    expiry: function (d) {
      d = d.slice(0, 4);
      if (d.length === 1 && d > '1') d = '0' + d;
      return d.length > 2 ? d.slice(0, 2) + '/' + d.slice(2) : d;
    },
    cvv: function (d) { return d.slice(0, 4); }
  };

  function post(payload) {
    window.parent.postMessage(JSON.stringify(payload), PARENT_ORIGIN);
  }

  function showError(name, shown) {
    var input = fields[name];
    input.classList.toggle('error', shown);
    input.setAttribute('aria-invalid', shown ? 'true' : 'false');
    document.getElementById(input.id + '-error').textContent = shown ? MESSAGES[name] : '';
  }

  /** Keeps the caret after the same digit when the grouping changes. */
  function reformat(name) {
    var input = fields[name];
    var caret = input.selectionStart === null ? input.value.length : input.selectionStart;
    var digitsBefore = digits(input.value.slice(0, caret)).length;
    var next = formats[name](digits(input.value));
    if (next === input.value) return;
    input.value = next;
    if (document.activeElement !== input) return;
    var position = 0;
    for (var seen = 0; position < next.length && seen < digitsBefore; position += 1) {
      if (/\\d/.test(next.charAt(position))) seen += 1;
    }
    input.setSelectionRange(position, position);
  }

  function reportError(name) {
    showError(name, true);
    if (lastError === name + ':' + fields[name].value) return;
    lastError = name + ':' + fields[name].value;
    lastPosted = '';
    post({ message: '', validationError: MESSAGES[name] });
  }

  /** Posts the token when everything is valid, or takes back one posted before. */
  function update() {
    var states = {};
    for (var name in fields) states[name] = checks[name](fields[name].value);
    if (states.number === 'valid' && states.expiry === 'valid' && states.cvv === 'valid') {
      var d = digits(fields.number.value);
      var e = digits(fields.expiry.value);
      var payload = { message: '9' + d.slice(1), expiry: e };
      if (JSON.stringify(payload) !== lastPosted) {
        lastPosted = JSON.stringify(payload);
        lastError = '';
        post(payload);
      }
    } else if (lastPosted) {
      lastPosted = '';
      post({ message: '' });
    }
    return states;
  }

  Object.keys(fields).forEach(function (name) {
    var input = fields[name];
    input.addEventListener('input', function () {
      reformat(name);
      var state = update()[name];
      if (state === 'invalid') {
        reportError(name);
      } else {
        showError(name, false);
        if (lastError.indexOf(name + ':') === 0) lastError = '';
      }
    });
    input.addEventListener('blur', function () {
      var state = checks[name](input.value);
      if (state === 'invalid' || state === 'incomplete') reportError(name);
    });
  });

  document.getElementById('card').addEventListener('submit', function (event) {
    event.preventDefault();
  });
})();
`;

const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** Groups of four for the note's example card. */
const grouped = (card: string) => card.replace(/(\d{4})(?=\d)/g, '$1 ');

/** The sandbox tokenizer page for a parent page on `parentOrigin` (also used by test fakes). */
export function sandboxTokenizerPage(parentOrigin: string): SandboxTokenizerPage {
  const code = script(parentOrigin);
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Card details (sandbox)</title>
<style>${STYLE}</style>
</head>
<body>
<form id="card" novalidate>
<div class="field">
<label for="ccnumber">Card number</label>
<input id="ccnumber" name="ccnumber" type="text" inputmode="numeric" autocomplete="cc-number" maxlength="23" placeholder="1234 5678 9012 3456" spellcheck="false" aria-invalid="false" aria-describedby="ccnumber-error">
<span id="ccnumber-error" class="message" aria-live="polite"></span>
</div>
<div class="row">
<div class="field">
<label for="ccexpiry">Expiry (MM/YY)</label>
<input id="ccexpiry" name="ccexpiry" type="text" inputmode="numeric" autocomplete="cc-exp" maxlength="5" placeholder="MM/YY" spellcheck="false" aria-invalid="false" aria-describedby="ccexpiry-error">
<span id="ccexpiry-error" class="message" aria-live="polite"></span>
</div>
<div class="field">
<label for="cccvv">CVV</label>
<input id="cccvv" name="cccvv" type="text" inputmode="numeric" autocomplete="cc-csc" maxlength="4" placeholder="123" spellcheck="false" aria-invalid="false" aria-describedby="cccvv-error">
<span id="cccvv-error" class="message" aria-live="polite"></span>
</div>
</div>
<p class="note">Sandbox: use a test card such as ${escapeHtml(grouped(SANDBOX_TEST_CARDS.approves))}, never a real one.</p>
</form>
<script>${code}</script>
</body>
</html>
`;
  const contentSecurityPolicy = [
    "default-src 'none'",
    `script-src ${hash(code)}`,
    `style-src ${hash(STYLE)}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'self'",
  ].join('; ');
  return { html, contentSecurityPolicy };
}

/**
 * Embedded mode's stand-in for CardPointe's hosted iFrame tokenizer, at
 * /payments/sandbox-tokenizer: the checkout page frames it, and it posts the token to the shop's
 * page with window.postMessage. Registered only when the sandbox gateway is configured. The
 * tokens it makes carry the card number (they are only for the sandbox's test cards).
 */
export async function sandboxTokenizer(
  app: FastifyInstance,
  options: SandboxTokenizerOptions,
): Promise<void> {
  const page = sandboxTokenizerPage(new URL(options.siteOrigin).origin);
  app.get(
    SANDBOX_TOKENIZER_PATH,
    { config: { access: 'public' }, schema: { hide: true } },
    async (_request, reply) => {
      // Replace the site-wide headers: this page is framed by the shop's own pages.
      reply.header('content-security-policy', page.contentSecurityPolicy);
      reply.header('x-frame-options', 'SAMEORIGIN');
      reply.header('cache-control', 'no-store');
      reply.header('referrer-policy', 'no-referrer');
      reply.type('text/html; charset=utf-8');
      return page.html;
    },
  );
}
