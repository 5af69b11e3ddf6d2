import { describe, expect, it } from 'vitest';
import { jsonForScript } from './json-for-script.ts';

describe('jsonForScript', () => {
  it('escapes what could end or confuse a script element, keeping the same JSON', () => {
    const value = { name: 'Lathe </script><script>alert(1)</script> & more', line: 'a\u2028b' };
    const json = jsonForScript(value);
    expect(json).not.toMatch(/[<>&\u2028]/);
    expect(json).toContain('\\u003c/script\\u003e');
    expect(JSON.parse(json)).toEqual(value);
  });
});
