// Moved to packages/db (the worker's webhook deliveries build job objects too); kept for existing imports.
export { queuedJobObject, storedOutputFiles, toJobObject } from '@rigforge/db';
