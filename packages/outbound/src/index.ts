/** The SSRF guard of every request to a user-supplied URL: which addresses may be reached, checked at connect time. */
export * from './address-policy';
export * from './guarded-lookup';
export * from './check-outbound-url';
