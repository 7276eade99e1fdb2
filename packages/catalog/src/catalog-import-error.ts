/** The error value of a refused pack import, listing every problem at once. */
export type CatalogImportErrorCode = 'license_not_allowed' | 'invalid_manifest' | 'invalid_asset';

/**
 * A refused pack import. `problems` lists every fault found (all assets are checked before
 * refusing), so an operator fixes a folder in one pass; nothing is imported when this is thrown.
 */
export class CatalogImportError extends Error {
  readonly code: CatalogImportErrorCode;
  readonly problems: string[];
  constructor(code: CatalogImportErrorCode, message: string, problems: string[] = [message]) {
    super(message);
    this.name = 'CatalogImportError';
    this.code = code;
    this.problems = problems;
  }
}
