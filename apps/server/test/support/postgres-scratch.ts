import pg from 'pg';

// Used by global-setup.ts too, which must not import vitest: kept apart from helper.ts.

/**
 * A new database on the TEST_DATABASE_URL server, empty or a copy of `template`, and a way to
 * drop it.
 */
export async function createScratchDatabase(
  options: { template?: string } = {},
): Promise<{ url: string; drop(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('LABSHOP_TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `labshop_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const template = options.template ? ` template ${options.template}` : '';
  await withAdminClient(serverUrl, (client) => client.query(`create database ${name}${template}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    drop: () =>
      withAdminClient(serverUrl, (client) =>
        client.query(`drop database if exists ${name} with (force)`),
      ).then(() => undefined),
  };
}

export async function withAdminClient<T>(url: string, use: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}
