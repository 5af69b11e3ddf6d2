import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/**
 * A local stand-in for an S3-compatible object store: path-style PUT, GET, HEAD and DELETE of
 * objects, each request checked against AWS Signature Version 4 with the credentials the test
 * gives it, so the adapter's signing, headers and error handling are tested over real HTTP.
 * `setMode` makes it answer 503 or never answer, for outages and timeouts.
 */
export interface FakeS3 {
  /** http://127.0.0.1:<port>, the S3_ENDPOINT to use (path-style). */
  endpoint: string;
  /** The object stored under `bucket`/`key`, if any. */
  object(bucket: string, key: string): StoredObject | undefined;
  /** Every request received, in order (signed or not, answered or not). */
  requests: RecordedRequest[];
  setMode(mode: FakeS3Mode): void;
  close(): Promise<void>;
}

export type FakeS3Mode = 'ok' | 'unavailable' | 'hang';

export interface StoredObject {
  body: Buffer;
  contentType: string | undefined;
  cacheControl: string | undefined;
}

export interface RecordedRequest {
  method: string;
  path: string;
  /** x-amz-content-sha256: the body's hash, UNSIGNED-PAYLOAD or STREAMING-… (aws-chunked). */
  payloadHash: string | undefined;
  /** The status answered; undefined while hanging. */
  status?: number;
}

export interface FakeS3Options {
  accessKeyId: string;
  secretAccessKey: string;
  region?: string;
  /** Buckets that exist; others answer NoSuchBucket. */
  buckets: string[];
}

/** Real S3 refuses requests signed more than 15 minutes away from its clock. */
const MAX_CLOCK_SKEW_MS = 15 * 60 * 1000;

export async function startFakeS3(options: FakeS3Options): Promise<FakeS3> {
  const region = options.region ?? 'us-east-1';
  const buckets = new Map<string, Map<string, StoredObject>>(
    options.buckets.map((name) => [name, new Map()]),
  );
  const requests: RecordedRequest[] = [];
  let mode: FakeS3Mode = 'ok';

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const record: RecordedRequest = {
      method: request.method ?? '',
      path: request.url ?? '',
      payloadHash: header(request, 'x-amz-content-sha256'),
    };
    requests.push(record);
    const answer = (
      status: number,
      headers: Record<string, string> = {},
      body?: Buffer | string,
    ) => {
      record.status = status;
      response.writeHead(status, { 'x-amz-request-id': randomUUID(), ...headers });
      response.end(request.method === 'HEAD' ? undefined : body);
    };
    const fail = (status: number, code: string, message: string) =>
      answer(status, { 'content-type': 'application/xml' }, errorXml(code, message, record.path));

    const raw = await readBody(request);
    if (mode === 'hang') return; // Never answers; close() cuts the connection.
    if (mode === 'unavailable')
      return fail(503, 'ServiceUnavailable', 'Please reduce your request rate.');

    const [rawPath = '/', rawQuery = ''] = (request.url ?? '/').split(/\?(.*)/s);
    const denied = checkSignature(request, rawPath, rawQuery, options, region);
    if (denied) return fail(denied.status, denied.code, denied.message);

    const payloadHash = record.payloadHash ?? '';
    const body = payloadHash.startsWith('STREAMING-') ? decodeAwsChunked(raw) : raw;
    if (body === null) return fail(400, 'IncompleteBody', 'The aws-chunked body is malformed.');
    if (/^[0-9a-f]{64}$/.test(payloadHash) && sha256Hex(raw) !== payloadHash) {
      return fail(
        400,
        'XAmzContentSHA256Mismatch',
        'The body does not match x-amz-content-sha256.',
      );
    }

    const [, bucketName = '', ...keyParts] = rawPath.split('/');
    const bucket = buckets.get(decodeURIComponent(bucketName));
    if (!bucket) return fail(404, 'NoSuchBucket', 'The specified bucket does not exist');
    const key = decodeURIComponent(keyParts.join('/'));
    if (!key) return fail(501, 'NotImplemented', 'Only object requests are implemented.');

    switch (request.method) {
      case 'PUT': {
        bucket.set(key, {
          body,
          contentType: header(request, 'content-type'),
          cacheControl: header(request, 'cache-control'),
        });
        return answer(200, { etag: etag(body) });
      }
      case 'GET':
      case 'HEAD': {
        const stored = bucket.get(key);
        if (!stored) return fail(404, 'NoSuchKey', 'The specified key does not exist.');
        return answer(
          200,
          {
            etag: etag(stored.body),
            'content-length': String(stored.body.length),
            ...(stored.contentType ? { 'content-type': stored.contentType } : {}),
            ...(stored.cacheControl ? { 'cache-control': stored.cacheControl } : {}),
          },
          stored.body,
        );
      }
      case 'DELETE':
        // S3 answers 204 whether or not the key existed.
        bucket.delete(key);
        return answer(204);
      default:
        return fail(405, 'MethodNotAllowed', 'The specified method is not allowed.');
    }
  };

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('fake S3 not listening');

  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    object: (bucket, key) => buckets.get(bucket)?.get(key),
    requests,
    setMode(next) {
      mode = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Hanging requests would otherwise keep close() waiting.
        server.closeAllConnections();
      }),
  };
}

/* ---------- Signature Version 4 ---------- */

interface Denial {
  status: number;
  code: string;
  message: string;
}

const AUTHORIZATION =
  /^AWS4-HMAC-SHA256 Credential=([^/,\s]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request,\s*SignedHeaders=([a-z0-9;-]+),\s*Signature=([0-9a-f]{64})$/;

/**
 * Recomputes the request's signature as S3 does: canonical request (the path as sent, S3 does
 * not normalise it; sorted, re-encoded query; the signed headers; the payload hash header),
 * string to sign with the credential scope, and the derived signing key.
 */
function checkSignature(
  request: IncomingMessage,
  rawPath: string,
  rawQuery: string,
  credentials: { accessKeyId: string; secretAccessKey: string },
  region: string,
): Denial | null {
  const authorization = header(request, 'authorization');
  if (!authorization) {
    return { status: 403, code: 'AccessDenied', message: 'Anonymous access is not allowed.' };
  }
  const match = AUTHORIZATION.exec(authorization);
  if (!match) {
    return {
      status: 400,
      code: 'AuthorizationHeaderMalformed',
      message: 'Unreadable Authorization.',
    };
  }
  const [
    ,
    accessKeyId,
    scopeDate = '',
    scopeRegion,
    service = '',
    signedHeaderList = '',
    signature = '',
  ] = match;
  if (accessKeyId !== credentials.accessKeyId) {
    return {
      status: 403,
      code: 'InvalidAccessKeyId',
      message: 'The AWS Access Key Id you provided does not exist in our records.',
    };
  }
  if (scopeRegion !== region || service !== 's3') {
    return {
      status: 400,
      code: 'AuthorizationHeaderMalformed',
      message: `The credential scope must be ${region}/s3, not ${scopeRegion}/${service}.`,
    };
  }
  const amzDate = header(request, 'x-amz-date') ?? '';
  const signedAt = Date.parse(
    amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'),
  );
  if (!amzDate.startsWith(scopeDate) || Number.isNaN(signedAt)) {
    return { status: 403, code: 'AccessDenied', message: 'x-amz-date is missing or off scope.' };
  }
  if (Math.abs(Date.now() - signedAt) > MAX_CLOCK_SKEW_MS) {
    return {
      status: 403,
      code: 'RequestTimeTooSkewed',
      message: 'The request time is too skewed.',
    };
  }
  const signedHeaders = signedHeaderList.split(';');
  const payloadHash = header(request, 'x-amz-content-sha256');
  if (!signedHeaders.includes('host') || !payloadHash) {
    return {
      status: 400,
      code: 'InvalidRequest',
      message: 'host and x-amz-content-sha256 must be signed.',
    };
  }

  const canonicalHeaders: string[] = [];
  for (const name of signedHeaders) {
    const value = header(request, name);
    if (value === undefined) {
      return { status: 403, code: 'AccessDenied', message: `Signed header ${name} is missing.` };
    }
    canonicalHeaders.push(`${name}:${value.trim().replace(/\s+/g, ' ')}\n`);
  }
  const canonicalRequest = [
    request.method ?? '',
    rawPath,
    canonicalQuery(rawQuery),
    canonicalHeaders.join(''),
    signedHeaderList,
    payloadHash,
  ].join('\n');
  const scope = `${scopeDate}/${scopeRegion}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  let key = hmac(`AWS4${credentials.secretAccessKey}`, scopeDate);
  for (const part of [scopeRegion, service, 'aws4_request']) key = hmac(key, part);
  const expected = Buffer.from(hmac(key, stringToSign).toString('hex'));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return {
      status: 403,
      code: 'SignatureDoesNotMatch',
      message:
        'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
    };
  }
  return null;
}

function canonicalQuery(rawQuery: string): string {
  return rawQuery
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const [name = '', value = ''] = pair.split(/=(.*)/s);
      return [strictEncode(decodeURIComponent(name)), strictEncode(decodeURIComponent(value))];
    })
    .sort(([a = '', x = ''], [b = '', y = '']) => (a === b ? compare(x, y) : compare(a, b)))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** RFC 3986 unreserved characters stay; everything else is percent-encoded. */
function strictEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * The body of an aws-chunked upload (`STREAMING-…` payloads): `<hex size>[;chunk-signature=…]`
 * CRLF data CRLF, until a zero-size chunk (trailers after it are ignored). Chunk signatures
 * are not checked.
 */
function decodeAwsChunked(raw: Buffer): Buffer | null {
  const parts: Buffer[] = [];
  let offset = 0;
  for (;;) {
    const lineEnd = raw.indexOf('\r\n', offset);
    if (lineEnd < 0) return null;
    const size = Number.parseInt(
      raw.subarray(offset, lineEnd).toString('latin1').split(';')[0] ?? '',
      16,
    );
    if (Number.isNaN(size)) return null;
    if (size === 0) return Buffer.concat(parts);
    const start = lineEnd + 2;
    if (start + size + 2 > raw.length) return null;
    parts.push(raw.subarray(start, start + size));
    offset = start + size + 2;
  }
}

/* ---------- helpers ---------- */

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(',') : value;
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function sha256Hex(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

function hmac(key: string | Buffer, data: string): Buffer {
  return createHmac('sha256', key).update(data).digest();
}

function etag(body: Buffer): string {
  return `"${createHash('md5').update(body).digest('hex')}"`;
}

function errorXml(code: string, message: string, resource: string): string {
  const escape = (text: string) =>
    text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<Error><Code>${code}</Code><Message>${escape(message)}</Message>` +
    `<Resource>${escape(resource)}</Resource><RequestId>${randomUUID()}</RequestId></Error>`
  );
}
