import { describe, expect, it } from 'vitest';
import { holdScriptsUntilLoad } from './scripts-after-load.server.ts';
import { HELD_MODULE_TYPE, HELD_MODULEPRELOAD_REL } from './scripts-after-load.ts';

const held = (html: string) => holdScriptsUntilLoad(Buffer.from(html)).toString('utf8');

describe('holdScriptsUntilLoad', () => {
  const page = [
    '<html><head><link rel="preload" href="/assets/inter.woff2" as="font"/>',
    '<link rel="stylesheet" href="/assets/app.css"/></head><body><main>Lathes</main>',
    '<link rel="modulepreload" href="/assets/entry.client.js" nonce="n1"/>',
    '<link rel="modulepreload" href="/assets/root.js" nonce="n1"/>',
    '<script nonce="n1">window.__reactRouterContext = {};</script>',
    '<script nonce="n1" type="module" async="">import "/assets/root.js";</script>',
    '</body></html>',
  ].join('');

  it('writes the modulepreload links and module scripts inert, keeping their addresses and code', () => {
    const result = held(page);
    expect(result).not.toContain('"modulepreload"');
    expect(result).not.toContain('type="module"');
    expect(result).toContain(
      `<link rel="${HELD_MODULEPRELOAD_REL}" href="/assets/entry.client.js" nonce="n1"/>`,
    );
    expect(result).toContain(
      `<link rel="${HELD_MODULEPRELOAD_REL}" href="/assets/root.js" nonce="n1"/>`,
    );
    expect(result).toContain(
      `<script nonce="n1" type="${HELD_MODULE_TYPE}" async="">import "/assets/root.js";</script>`,
    );
  });

  it('leaves the stylesheet, the font preload and the inline data script as they are', () => {
    const result = held(page);
    expect(result).toContain('<link rel="preload" href="/assets/inter.woff2" as="font"/>');
    expect(result).toContain('<link rel="stylesheet" href="/assets/app.css"/>');
    expect(result).toContain('<script nonce="n1">window.__reactRouterContext = {};</script>');
    expect(result).toContain('<main>Lathes</main>');
  });

  it('leaves the same words alone in text, attribute values and inline script data', () => {
    // As React writes them: quotes in text and attributes escaped, in JSON with a backslash.
    const text = [
      '<html><body><p>Use rel=&quot;modulepreload&quot; and type=&quot;module&quot;</p>',
      '<a title="rel=&quot;modulepreload&quot;" href="/x">Café – ünïcode</a>',
      '<script nonce="n1">enqueue("<script type=\\"module\\">")</script>',
      '<linked rel="modulepreload"/><scripts type="module"></scripts>',
      '</body></html>',
    ].join('');
    expect(held(text)).toBe(text);
  });

  it('keeps the bytes around each change, multi-byte characters included', () => {
    const page = 'é<link rel="modulepreload" href="/a.js"/>ü<script type="module">1</script>ß';
    expect(held(page)).toBe(
      `é<link rel="${HELD_MODULEPRELOAD_REL}" href="/a.js"/>ü<script type="${HELD_MODULE_TYPE}">1</script>ß`,
    );
  });
});
