/**
 * The mark at the end of a term when the field index is asked for its
 * postings (`FieldIndex.postings`): a term and a longer term it begins are
 * different tokens.
 */
export const TERM_END = '$';
