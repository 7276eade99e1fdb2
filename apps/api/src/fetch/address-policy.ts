// Moved to packages/outbound (the worker's webhook deliveries use it too); kept for existing imports.
export { createAddressPolicy, type AddressPolicy } from '@rigforge/outbound';
