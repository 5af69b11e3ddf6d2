import { escapeHtml } from '../../../core/html-text.ts';
import type { DemoAccount } from './demo-accounts.ts';

/**
 * The embedded identity provider's own pages: sign in, signing out, and errors. They are plain
 * server-rendered HTML (the provider is a separate party from the shop, as Auth0 would be), in
 * the shop's colours, with no script but the logout page's one-line auto-submit.
 */

const STYLE = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:24px 16px;
  font:16px/1.5 ui-sans-serif,system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif;
  color:#1e293b;background:#eef5fa}
main{width:100%;max-width:420px;background:#fff;border-radius:12px;padding:32px 28px;
  box-shadow:0 10px 30px rgba(11,42,66,.12)}
.brand{display:flex;align-items:center;gap:10px;margin-bottom:20px;font-weight:800;font-size:20px;color:#0b2a42}
.brand span{display:inline-block;width:32px;height:32px;border-radius:8px;background:#134870}
h1{font-size:22px;margin:0 0 4px;color:#0b2a42}
p{margin:0 0 16px;color:#475569}
label{display:block;font-weight:600;font-size:14px;margin:14px 0 6px}
input[type=email],input[type=password]{width:100%;padding:10px 12px;font:inherit;border:1px solid #94a3b8;border-radius:8px}
input:focus-visible,button:focus-visible,a:focus-visible{outline:2px solid #1f6fa8;outline-offset:2px}
button{margin-top:20px;width:100%;padding:11px 16px;font:inherit;font-weight:700;color:#fff;background:#134870;
  border:0;border-radius:8px;cursor:pointer}
button:hover{background:#0f3a5a}
.notice{margin:0 0 16px;padding:10px 12px;border-radius:8px;background:#fffbeb;border:1px solid #f59e0b;color:#78350f;font-size:14px}
.notice strong{color:#78350f}
.error{margin:12px 0 0;padding:10px 12px;border-radius:8px;background:#fef2f2;color:#991b1b;font-weight:600}
.demo{margin-top:24px;padding-top:16px;border-top:1px solid #e2e8f0;font-size:14px}
.demo h2{font-size:15px;margin:0 0 8px;color:#0b2a42}
.demo ul{list-style:none;margin:0;padding:0}
.demo li{padding:8px 0;border-bottom:1px solid #f1f5f9}
.demo code{font-size:13px;background:#f1f5f9;padding:1px 5px;border-radius:4px;word-break:break-all}
.muted{color:#64748b}
a{color:#134870;font-weight:600}
`;

function page(options: { title: string; body: string; nonce?: string; script?: string }): string {
  const script =
    options.script && options.nonce
      ? `<script nonce="${escapeHtml(options.nonce)}">${options.script}</script>`
      : '';
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(options.title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<div class="brand"><span aria-hidden="true"></span>Labshop account</div>
${options.body}
</main>
${script}
</body>
</html>`;
}

export interface LoginPageOptions {
  action: string;
  email?: string;
  error?: string;
  /**
   * Listed only in embedded mode, which is the only mode this provider runs in; a shop other
   * people reach runs it only with DEMO_MODE=true (config/identity.ts), so the page says it is a
   * demo.
   */
  demoAccounts: readonly DemoAccount[];
}

export function loginPage(options: LoginPageOptions): string {
  const error = options.error
    ? `<p class="error" role="alert" id="login-error">${escapeHtml(options.error)}</p>`
    : '';
  const demo = options.demoAccounts
    .map(
      (account) =>
        `<li><strong>${escapeHtml(account.name)}</strong> <span class="muted">(${escapeHtml(account.description)})</span><br>` +
        `<code>${escapeHtml(account.email)}</code> / <code>${escapeHtml(account.password)}</code></li>`,
    )
    .join('');
  return page({
    title: 'Sign in · Labshop',
    body: `<h1>Sign in</h1>
<p>Partner labs see wholesale prices once signed in.</p>
<p class="notice" role="note"><strong>This is a demonstration shop.</strong> Anyone may sign in with the public demo accounts below, the administrator's included, so enter nothing private here.</p>
<form method="post" action="${escapeHtml(options.action)}" novalidate>
${error}
<label for="email">E-mail</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(options.email ?? '')}"${options.error ? ' aria-describedby="login-error"' : ''} autofocus>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button>
</form>
<section class="demo" aria-labelledby="demo-heading">
<h2 id="demo-heading">Demo accounts</h2>
<ul>${demo}</ul>
</section>`,
  });
}

/** RP-initiated logout: oidc-provider's confirmation form, submitted at once (no question). */
export function logoutPage(form: string, nonce: string): string {
  const confirmed = form.replace(
    '</form>',
    '<input type="hidden" name="logout" value="yes"></form>',
  );
  return page({
    title: 'Signing out · Labshop',
    nonce,
    body: `<h1>Signing out…</h1>${confirmed}<button type="submit" form="op.logoutForm">Continue</button>`,
    script: "document.getElementById('op.logoutForm').submit();",
  });
}

export function signedOutPage(homeUrl: string): string {
  return page({
    title: 'Signed out · Labshop',
    body: `<h1>You are signed out</h1><p><a href="${escapeHtml(homeUrl)}">Back to the shop</a></p>`,
  });
}

export function providerErrorPage(message: string, homeUrl: string): string {
  return page({
    title: 'Sign-in problem · Labshop',
    body: `<h1>Sign-in problem</h1><p class="error" role="alert">${escapeHtml(message)}</p><p><a href="${escapeHtml(homeUrl)}">Back to the shop</a></p>`,
  });
}
