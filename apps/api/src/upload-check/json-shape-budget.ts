/**
 * The shape budget of a JSON request body, checked on its raw bytes before any parser builds a
 * structure. JSON.parse's memory follows the nesting, not the byte count: a 10 MB body of `[`
 * nested 5M deep built millions of arrays, and twelve at once took the API past 1.3 GB before they
 * were refused. Our bodies are a few fields deep (the deepest, a rig request, is 3), so a scan
 * that counts brackets outside strings refuses such bodies in one linear pass over the bytes, with
 * no allocation. Hand-written because the JSON libraries on npm either build the structure first
 * (the depth check of a reviver comes too late) or are full streaming parsers far heavier than
 * this question needs.
 */

export interface JsonShapeBudget {
  /** Deepest nesting of arrays and objects accepted. */
  maxDepth: number;
  /** Most arrays and objects, all levels together. */
  maxContainers: number;
  /** Most values in all arrays and objects together (counted by their separators). */
  maxValues: number;
}

/**
 * Far above any body of this API (a few levels deep, a few dozen values) and far
 * below what costs memory: 10,000 containers or 100,000 values of a parsed body are a few MB.
 */
export const JSON_SHAPE_BUDGET: JsonShapeBudget = {
  maxDepth: 32,
  maxContainers: 10_000,
  maxValues: 100_000,
};

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;
const COMMA = 0x2c;

/**
 * Why `bytes` (UTF-8 JSON text) exceed the budget, or null when they do not. Not a validator:
 * malformed text within the budget returns null and is left to the parser, which refuses it. The
 * scan stops at the first byte past a limit, so a hostile body costs at most one pass.
 */
export function jsonShapeOverBudget(bytes: Uint8Array, budget: JsonShapeBudget = JSON_SHAPE_BUDGET): string | null {
  let depth = 0;
  let containers = 0;
  let values = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i]!;
    if (inString) {
      // UTF-8 continuation bytes are >= 0x80, so a quote or backslash byte is always that character.
      if (byte === BACKSLASH) i++;
      else if (byte === QUOTE) inString = false;
      continue;
    }
    if (byte === QUOTE) {
      inString = true;
    } else if (byte === OPEN_ARRAY || byte === OPEN_OBJECT) {
      if (++depth > budget.maxDepth) return `request: the body nests deeper than the limit of ${budget.maxDepth}`;
      if (++containers > budget.maxContainers) return `request: the body has more arrays and objects than the limit of ${budget.maxContainers}`;
    } else if (byte === CLOSE_ARRAY || byte === CLOSE_OBJECT) {
      depth--;
    } else if (byte === COMMA) {
      if (++values > budget.maxValues) return `request: the body has more values than the limit of ${budget.maxValues}`;
    }
  }
  return null;
}
