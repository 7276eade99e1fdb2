import { createHash } from 'node:crypto';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from './generated/prisma/client';

export type Db = PrismaClient;

export interface CreateDbOptions {
  /** Postgres connection string. */
  databaseUrl: string;
  /** Pool size per process; the API's hot paths hold a connection for one round trip only. */
  poolSize?: number;
}

/**
 * Opens a Prisma client over node-postgres (no engine binary). Statements are named by a hash of
 * their text so Postgres keeps them prepared: the hot paths run the same few statements all day.
 */
export function createDb(options: CreateDbOptions): Db {
  const adapter = new PrismaPg(
    { connectionString: options.databaseUrl, max: options.poolSize ?? 10 },
    {
      statementNameGenerator: (query) =>
        's' + createHash('sha1').update(query.sql).digest('hex').slice(0, 20),
    },
  );
  return new PrismaClient({ adapter });
}
