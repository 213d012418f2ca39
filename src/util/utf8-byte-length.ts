/** Any character outside ASCII, whose UTF-8 encoding takes more than one byte. */
const NON_ASCII = /[\u0080-\uffff]/;

/** The number of bytes of the UTF-8 encoding of `text`, without allocating it. */
export function utf8ByteLength(text: string): number {
  // Most text measured (schemas, descriptions, ids) is ASCII: one native scan instead of a loop.
  if (!NON_ASCII.test(text)) return text.length;
  let bytes = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && index + 1 < text.length) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        index++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}
