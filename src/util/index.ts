// tool-disclosure/util: the small helpers the tooling package shares with the library (byte order,
// digests, seeded random numbers, error text), so that it copies none of them.
export { compareByteOrder } from './compare-byte-order.js';
export { contentDigest } from './content-digest.js';
export { createSeededRandom } from './create-seeded-random.js';
export { describeError } from './describe-error.js';
export { asObject, isRecord } from './is-record.js';
export { onceOrUndefined } from './once-or-undefined.js';
export { onceUntilRejected } from './once-until-rejected.js';
export { selectTop } from './select-top.js';
export { stableHash } from './stable-hash.js';
export { utf8ByteLength } from './utf8-byte-length.js';
export { warnToConsole } from './warn-to-console.js';
