/**
 * The default connection strings of a local deployment, in one place: the services' settings,
 * the migration CLI and the scripts default to these when DATABASE_URL or REDIS_URL is unset.
 */
export const DEFAULT_DATABASE_URL = 'postgresql://postgres@127.0.0.1:5432/rigforge';
/** The same server's maintenance database: tests and benches connect here to create scratch databases beside it. */
export const DEFAULT_SERVER_DATABASE_URL = 'postgresql://postgres@127.0.0.1:5432/postgres';
export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';
