import { Transform } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import type { RenderToPipeableStreamOptions } from 'react-dom/server';
import { renderToPipeableStream } from 'react-dom/server';
import type { AppLoadContext, EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';
import { deferredCodeLoaded } from './lib/lazy-hydrated.tsx';
import { NonceProvider } from './lib/nonce.tsx';
import { holdScriptsUntilLoad } from './lib/scripts-after-load.server.ts';

export const streamTimeout = 5_000;

/** React Router's Node entry, plus the CSP nonce on every script React writes. */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // The parts hydrated after the page (lib/lazy-hydrated.tsx) render in place, never streamed.
  await deferredCodeLoaded();
  const nonce = loadContext.cspNonce;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    // Crawlers get the whole page at once; people get the shell as soon as it is ready.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        // React 19 streams even a finished Suspense boundary separately (a hidden <div> swapped
        // in by an inline script) once the page passes this many bytes. Every boundary here is
        // finished when it is written (deferred code is loaded first), so keep them in place:
        // the page paints once, without layout shift, and reads the same without JavaScript.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          shellRendered = true;
          // The whole page is collected and written once: the server keeps pages whole anyway
          // (the page cache, one compression), and the scripts are rewritten in one piece.
          const written: Buffer[] = [];
          const body = new Transform({
            transform(chunk: Buffer, _encoding, callback) {
              written.push(chunk);
              callback();
            },
            flush(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback(null, holdScriptsUntilLoad(Buffer.concat(written)));
            },
          });
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell are logged by React Router; these come while streaming.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
