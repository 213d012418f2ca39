import { stableHash } from '../util/stable-hash.js';

/** What every provider accepts as a tool name (OpenAI's rule, the strictest common one). */
export const WIRE_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

const maxLength = 64;
const hashLength = 8;

/**
 * The wire name of a canonical id: dots become `__`, other characters that
 * providers reject become `_`. A name that had to be altered lossily, or that
 * is longer than 64 characters, keeps a readable prefix and ends with a short
 * hash of the canonical id, so distinct ids stay distinct.
 *
 * @example
 * encodeWireName('google-calendar.list_events') // 'google-calendar__list_events'
 */
export function encodeWireName(canonicalId: string): string {
  const dotted = encodeDots(canonicalId);
  const encoded = dotted.replace(/[^a-zA-Z0-9_-]/gu, '_');
  if (encoded === dotted && encoded.length <= maxLength && encoded.length > 0) return encoded;
  const hash = stableHash(canonicalId).slice(0, hashLength);
  return `${encoded.slice(0, maxLength - hashLength - 1)}_${hash}`;
}

/** The `__`-encoded form of a canonical id, before any other substitution. */
export function encodeDots(canonicalId: string): string {
  // Most ids have one dot, between namespace and local name: two slices, half the cost.
  const dot = canonicalId.indexOf('.');
  if (dot === -1) return canonicalId;
  if (canonicalId.indexOf('.', dot + 1) === -1) {
    return `${canonicalId.slice(0, dot)}__${canonicalId.slice(dot + 1)}`;
  }
  return canonicalId.replaceAll('.', '__');
}
