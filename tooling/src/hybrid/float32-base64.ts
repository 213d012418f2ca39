/**
 * A vector as the base64 of its little-endian float32 bytes: a third of the
 * size of its JSON text, and exact for the float32 values it holds. Uses
 * `btoa`, so it runs in Node, edge runtimes and browsers alike.
 */
export function encodeFloat32Base64(vector: Float32Array): string {
  const bytes = new Uint8Array(vector.length * 4);
  const view = new DataView(bytes.buffer);
  for (let index = 0; index < vector.length; index++) {
    view.setFloat32(index * 4, vector[index] as number, true);
  }
  let binary = '';
  // In slices, so String.fromCharCode never gets more arguments than a call may take.
  for (let start = 0; start < bytes.length; start += 8192) {
    binary += String.fromCharCode(...bytes.subarray(start, start + 8192));
  }
  return btoa(binary);
}

/** The vector `encodeFloat32Base64` wrote, or undefined when `text` is not one. */
export function decodeFloat32Base64(text: string): Float32Array | undefined {
  let binary: string;
  try {
    binary = atob(text);
  } catch {
    return undefined;
  }
  if (binary.length === 0 || binary.length % 4 !== 0) return undefined;
  const view = new DataView(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index++) {
    view.setUint8(index, binary.charCodeAt(index));
  }
  const vector = new Float32Array(binary.length / 4);
  for (let index = 0; index < vector.length; index++) {
    vector[index] = view.getFloat32(index * 4, true);
  }
  return vector;
}
