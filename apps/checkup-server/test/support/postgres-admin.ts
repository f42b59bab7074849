import pg from 'pg';

export const postgresUrl = process.env.TEST_DATABASE_URL || undefined;

export function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** One statement on its own connection, e.g. CREATE or DROP DATABASE, which may not run in a transaction. */
export async function asAdmin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
