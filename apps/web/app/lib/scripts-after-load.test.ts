import { describe, expect, it } from 'vitest';
import {
  HELD_MODULE_TYPE,
  HELD_MODULEPRELOAD_REL,
  holdScriptsUntilLoad,
} from './scripts-after-load.ts';

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
    const held = holdScriptsUntilLoad(page);
    expect(held).not.toContain('"modulepreload"');
    expect(held).not.toContain('type="module"');
    expect(held).toContain(
      `<link rel="${HELD_MODULEPRELOAD_REL}" href="/assets/entry.client.js" nonce="n1"/>`,
    );
    expect(held).toContain(
      `<link rel="${HELD_MODULEPRELOAD_REL}" href="/assets/root.js" nonce="n1"/>`,
    );
    expect(held).toContain(
      `<script nonce="n1" type="${HELD_MODULE_TYPE}" async="">import "/assets/root.js";</script>`,
    );
  });

  it('leaves the stylesheet, the font preload and the inline data script as they are', () => {
    const held = holdScriptsUntilLoad(page);
    expect(held).toContain('<link rel="preload" href="/assets/inter.woff2" as="font"/>');
    expect(held).toContain('<link rel="stylesheet" href="/assets/app.css"/>');
    expect(held).toContain('<script nonce="n1">window.__reactRouterContext = {};</script>');
    expect(held).toContain('<main>Lathes</main>');
  });
});
