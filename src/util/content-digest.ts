import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

interface NodeCrypto {
  /** One-shot hashing (Node 21.7 and later): about half the cost of `createHash` on short text. */
  hash?(algorithm: 'sha256', text: string, encoding: 'hex'): string;
  createHash(algorithm: 'sha256'): {
    update(text: string, encoding: 'utf8'): { digest(encoding: 'hex'): string };
  };
}

let nodeCrypto: NodeCrypto | null | undefined;

/**
 * The SHA-256 of a string's UTF-8 bytes, as 64 hex characters.
 *
 * Cache keys that decide which catalog a request is served use this, not
 * `stableHash`: tool descriptions and schemas may come from third-party MCP
 * servers, and a non-cryptographic hash can be made to collide on purpose.
 * Synchronous everywhere: Node's native hash where the runtime has one (a cold
 * request digests every tool, and the pure-JavaScript hash was a quarter of
 * it), the pure-JavaScript one in edge runtimes and browsers. Same bytes.
 */
export function contentDigest(text: string): string {
  nodeCrypto ??= loadNodeCrypto();
  if (nodeCrypto === null) return portableContentDigest(text);
  // A cold request hashes every tool: the one-shot form where the runtime has it.
  return typeof nodeCrypto.hash === 'function'
    ? nodeCrypto.hash('sha256', text, 'hex')
    : nodeCrypto.createHash('sha256').update(text, 'utf8').digest('hex');
}

/** `contentDigest` in pure JavaScript, for runtimes without Node's crypto. */
export function portableContentDigest(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}

/**
 * Node's crypto through `process.getBuiltinModule`, not an import, so no
 * bundler pulls `node:crypto` into an edge or browser build. Next.js's edge
 * runtime defines `EdgeRuntime` and a `getBuiltinModule` that throws.
 */
function loadNodeCrypto(): NodeCrypto | null {
  if ('EdgeRuntime' in globalThis) return null;
  try {
    const runtime = globalThis.process as NodeJS.Process | undefined;
    if (typeof runtime?.getBuiltinModule !== 'function') return null;
    return (runtime.getBuiltinModule('node:crypto') as NodeCrypto | undefined) ?? null;
  } catch {
    return null;
  }
}
