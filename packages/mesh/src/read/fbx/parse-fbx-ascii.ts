/** Parses ASCII FBX into the node tree the binary parser also produces. */
import { fail } from '../mesh-assembler';
import type { FbxNode, FbxValue } from './fbx-node';

/*
 * ASCII FBX parser: `Name: value, value, ... { children }`, `;` comments, arrays written as
 * `*N { a: v, v, ... }` with values continuing over lines after a trailing comma. Produces the same
 * node tree as the binary parser (arrays become Float64Array), so one scene reader serves both.
 * A hand-written scanner, linear in the input, with a nesting limit.
 */

const MAX_DEPTH = 64;

export function parseFbxAscii(text: string): FbxNode[] {
  let i = 0;
  const n = text.length;

  const skip = (): void => {
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 59 /* ; */) {
        const e = text.indexOf('\n', i);
        i = e < 0 ? n : e + 1;
      } else if (c === 32 || c === 9 || c === 10 || c === 13) i++;
      else break;
    }
  };
  const skipInline = (): void => {
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 32 || c === 9 || c === 13) i++;
      else break;
    }
  };

  const readValue = (): FbxValue | undefined => {
    const c = text[i];
    if (c === '"') {
      const e = text.indexOf('"', i + 1);
      if (e < 0) fail('fbx', 'file is truncated (unterminated string)');
      const s = text.slice(i + 1, e);
      i = e + 1;
      return s;
    }
    const start = i;
    while (i < n && !/[\s,{}";]/.test(text[i]!)) i++;
    const token = text.slice(start, i);
    if (token === '') return undefined;
    if (/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(token)) {
      if (/^[-+]?\d+$/.test(token) && token.replace(/^[-+]/, '').length > 15) {
        const big = BigInt(token);
        return big >= BigInt(Number.MIN_SAFE_INTEGER) && big <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(big) : big;
      }
      return Number(token);
    }
    return token;
  };

  const readNodes = (depth: number, closing: boolean): FbxNode[] => {
    if (depth > MAX_DEPTH) fail('fbx', `nodes nested deeper than ${MAX_DEPTH}`);
    const nodes: FbxNode[] = [];
    for (;;) {
      skip();
      if (i >= n) {
        if (closing) fail('fbx', 'file is truncated (missing "}")');
        return nodes;
      }
      if (text[i] === '}') {
        if (!closing) fail('fbx', `unexpected "}" at offset ${i}`);
        i++;
        return nodes;
      }
      const colon = text.indexOf(':', i);
      const name = colon < 0 ? '' : text.slice(i, colon);
      if (colon < 0 || !/^[A-Za-z_][\w|]*$/.test(name)) fail('fbx', `expected a node name at offset ${i}`);
      i = colon + 1;
      const props: FbxValue[] = [];
      let isArray = false;
      // Values: separated by commas, possibly across lines after a comma; ended by "{" or a newline.
      for (;;) {
        skipInline();
        if (text[i] === ',') { i++; skip(); continue; }
        if (i >= n || text[i] === '\n' || text[i] === '{' || text[i] === '}' || text[i] === ';') break;
        const v = readValue();
        if (v === undefined) fail('fbx', `unexpected character "${text[i]}" at offset ${i}`);
        if (typeof v === 'string' && /^\*\d+$/.test(v) && props.length === 0) isArray = true;
        else props.push(v);
        skipInline();
        if (text[i] === ',') { i++; skip(); continue; }
        if (text[i] !== '\n' && text[i] !== '{' && text[i] !== '}' && text[i] !== ';' && i < n) continue;
        break;
      }
      let children: FbxNode[] = [];
      skipInline();
      if (text[i] === '{') {
        i++;
        children = readNodes(depth + 1, true);
      }
      if (isArray) {
        const a = children.find((c) => c.name === 'a');
        const values = a ? a.props.map((x) => (typeof x === 'number' ? x : typeof x === 'bigint' ? Number(x) : NaN)) : [];
        nodes.push({ name, props: [Float64Array.from(values)], children: [] });
      } else nodes.push({ name, props, children });
    }
  };

  return readNodes(0, false);
}
