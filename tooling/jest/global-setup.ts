// Filled in by the service core: prepares the test database and Redis prefix.
export default async function globalSetup(): Promise<void> {}
