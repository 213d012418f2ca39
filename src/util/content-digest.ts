import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * The SHA-256 of a string's UTF-8 bytes, as 64 hex characters.
 *
 * Cache keys that decide which catalog a request is served use this, not
 * `stableHash`: tool descriptions and schemas may come from third-party MCP
 * servers, and a non-cryptographic hash can be made to collide on purpose.
 * Pure JavaScript, so it runs synchronously in Node, edge runtimes and browsers.
 */
export function contentDigest(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}
