import { describe, expect, it } from 'vitest';
import { makeZodJitless } from './zod-jitless.ts';

describe('makeZodJitless', () => {
  it('sets the jitless flag that zod reads, without compiling parsers', async () => {
    makeZodJitless();
    const { config } = await import('zod/v4/core');
    expect(config().jitless).toBe(true);
    const { z } = await import('zod');
    const originalFunction = globalThis.Function;
    let compiled = 0;
    globalThis.Function = new Proxy(originalFunction, {
      construct(target, args: string[]) {
        compiled++;
        return Reflect.construct(target, args) as object;
      },
    });
    try {
      const schema = z.object({ email: z.string(), quantity: z.number() });
      expect(schema.parse({ email: 'a@b.example', quantity: 2 })).toEqual({
        email: 'a@b.example',
        quantity: 2,
      });
    } finally {
      globalThis.Function = originalFunction;
    }
    expect(compiled).toBe(0);
  });
});
